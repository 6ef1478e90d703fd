import type { User } from '@balcao/shared';
import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { EmptyState } from '../../shared/ui/empty-state';
import { hideBelow, visuallyHidden } from '../../shared/ui/responsive';
import { UserRow } from './user-row';

const COLUMNS = 9;

interface Props {
  users: User[];
  meId: number;
  isLoading: boolean;
  error: unknown;
  isFetchingNextPage: boolean;
  searching: boolean;
  onRetry: () => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({
  users,
  meId,
  isLoading,
  error,
  isFetchingNextPage,
  searching,
  onRetry,
  ...actions
}: Props) {
  const { t } = useTranslation();

  const fullRow = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={COLUMNS} sx={{ borderBottom: 0 }}>
        {content}
      </TableCell>
    </TableRow>
  );

  let body: ReactNode;
  if (isLoading) {
    body = Array.from({ length: 5 }, (_v, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <TableRow key={i}>
        <TableCell colSpan={COLUMNS}>
          <Skeleton height={36} />
        </TableCell>
      </TableRow>
    ));
  } else if (error && users.length === 0) {
    body = fullRow(
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.actions.retry')}
          </Button>
        }
      >
        {t('users.list.loadError')} {errorMessage(error)}
      </Alert>,
    );
  } else if (users.length === 0) {
    body = fullRow(
      <EmptyState
        icon={<PeopleOutlinedIcon />}
        title={searching ? t('users.list.noMatchTitle') : t('users.list.emptyTitle')}
        description={searching ? t('users.list.noMatchText') : t('users.list.emptyText')}
      />,
    );
  } else {
    body = users.map((user) => (
      <UserRow key={user.id} user={user} canDelete={user.id !== meId} {...actions} />
    ));
  }

  return (
    <Table stickyHeader size="small" aria-busy={isLoading || isFetchingNextPage}>
      <TableHead>
        <TableRow>
          <TableCell sx={hideBelow('md')}>{t('users.list.id')}</TableCell>
          <TableCell align="center" sx={hideBelow('sm')}>
            {t('users.list.status')}
          </TableCell>
          <TableCell>
            <Box component="span" sx={visuallyHidden}>
              {t('users.list.avatar')}
            </Box>
          </TableCell>
          <TableCell>{t('users.fields.name')}</TableCell>
          <TableCell sx={hideBelow('sm')}>{t('users.fields.email')}</TableCell>
          <TableCell sx={hideBelow('md')}>{t('users.fields.profile')}</TableCell>
          <TableCell sx={hideBelow('md')}>{t('users.list.startWork')}</TableCell>
          <TableCell sx={hideBelow('md')}>{t('users.list.endWork')}</TableCell>
          <TableCell align="right">{t('users.list.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {body}
        {isFetchingNextPage && fullRow(<CircularProgress size={24} sx={{ display: 'block', mx: 'auto' }} />)}
      </TableBody>
    </Table>
  );
}
