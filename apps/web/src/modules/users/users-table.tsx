import type { User } from '@balcao/shared';
import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import { useTranslation } from 'react-i18next';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { UserRow } from './user-row';

interface Props extends PagedListState {
  users: User[];
  meId: number;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({ users, meId, onEdit, onDelete, ...state }: Props) {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...state}
      texts="users.list"
      emptyIcon={<PeopleOutlinedIcon />}
      // At 360 px the photo, name and actions fit only with narrower cell padding.
      sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
      columns={[
        { label: t('users.list.id'), hideBelow: 'md' },
        { label: t('users.list.status'), align: 'center', hideBelow: 'sm' },
        { label: t('users.list.avatar'), labelHidden: true },
        { label: t('users.fields.name') },
        { label: t('users.fields.email'), hideBelow: 'sm' },
        { label: t('users.fields.profile'), hideBelow: 'md' },
        { label: t('users.list.startWork'), hideBelow: 'md' },
        { label: t('users.list.endWork'), hideBelow: 'md' },
        { label: t('users.list.actions'), align: 'right' },
      ]}
      rows={users}
      renderRow={(user) => (
        <UserRow user={user} canDelete={user.id !== meId} onEdit={onEdit} onDelete={onDelete} />
      )}
    />
  );
}
