import type { User } from '@balcao/shared';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatTimeOfDay } from '../../shared/format';
import { EditDeleteCell } from '../../shared/ui/edit-delete-cell';
import { hideBelow } from '../../shared/ui/responsive';

interface Props {
  user: User;
  canDelete: boolean;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UserRow({ user, canDelete, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const status = user.online ? t('users.list.online') : t('users.list.offline');
  return (
    <TableRow hover>
      <TableCell sx={hideBelow('md')}>{user.id}</TableCell>
      <TableCell align="center" sx={hideBelow('sm')}>
        <Tooltip title={status}>
          <Box
            role="img"
            aria-label={status}
            sx={{
              display: 'inline-block',
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: user.online ? 'success.main' : 'action.disabled',
            }}
          />
        </Tooltip>
      </TableCell>
      <TableCell sx={{ width: 52 }}>
        {/* Narrow screens drop the status column; the dot moves onto the avatar. */}
        <Badge
          variant="dot"
          overlap="circular"
          color={user.online ? 'success' : 'default'}
          invisible={!user.online}
          sx={{ '& .MuiBadge-badge': { display: { sm: 'none' } } }}
        >
          <Avatar src={user.profileImage ?? undefined} alt={user.name} sx={{ width: 36, height: 36 }}>
            {user.name.charAt(0).toUpperCase()}
          </Avatar>
        </Badge>
      </TableCell>
      <TableCell sx={{ maxWidth: { xs: 0, sm: 'none' }, width: { xs: '100%', sm: 'auto' } }}>
        <Typography variant="body2" noWrap sx={{ maxWidth: { sm: 220 } }}>
          {user.name}
        </Typography>
        <Typography
          variant="caption"
          noWrap
          sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}
        >
          {user.email}
        </Typography>
      </TableCell>
      <TableCell sx={hideBelow('sm')}>
        <Typography variant="body2" noWrap sx={{ maxWidth: 240 }}>
          {user.email}
        </Typography>
      </TableCell>
      <TableCell sx={hideBelow('md')}>{t(`users.profiles.${user.profile}`)}</TableCell>
      <TableCell sx={hideBelow('md')}>{formatTimeOfDay(user.startWork)}</TableCell>
      <TableCell sx={hideBelow('md')}>{formatTimeOfDay(user.endWork)}</TableCell>
      <EditDeleteCell
        editLabel={t('users.list.editUser', { name: user.name })}
        deleteLabel={t('users.list.deleteUser', { name: user.name })}
        onEdit={() => onEdit(user)}
        onDelete={canDelete ? () => onDelete(user) : undefined}
      />
    </TableRow>
  );
}
