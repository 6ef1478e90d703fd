import type { User } from '@balcao/shared';
import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { EmptyState } from '../../shared/ui/empty-state';
import { hideBelow, visuallyHidden } from '../../shared/ui/responsive';
import { PagedTableBody } from '../../shared/ui/table-body-content';
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

  return (
    <Table
      stickyHeader
      size="small"
      aria-busy={isLoading || isFetchingNextPage}
      // At 360 px the photo, name and actions fit only with narrower cell padding.
      sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
    >
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
      <PagedTableBody
        isFetchingNextPage={isFetchingNextPage}
        columns={COLUMNS}
        isLoading={isLoading}
        loadError={error ? `${t('users.list.loadError')} ${errorMessage(error)}` : undefined}
        onRetry={onRetry}
        hasRows={users.length > 0}
        empty={
          <EmptyState
            icon={<PeopleOutlinedIcon />}
            title={searching ? t('users.list.noMatchTitle') : t('users.list.emptyTitle')}
            description={searching ? t('users.list.noMatchText') : t('users.list.emptyText')}
          />
        }
      >
        {users.map((user) => (
          <UserRow key={user.id} user={user} canDelete={user.id !== meId} {...actions} />
        ))}
      </PagedTableBody>
    </Table>
  );
}
