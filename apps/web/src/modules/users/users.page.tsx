import type { User } from '@balcao/shared';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { AddButton, ScrollPanel, SearchField } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { UserDialog } from './user.dialog';
import { useDeleteUser, useUserList } from './users.api';
import { flattenUserPages } from './users.cache';
import { useUsersRealtime } from './users.realtime';
import { UsersTable } from './users-table';

type Editing = { user: User | null } | null;

export function UsersPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  useUsersRealtime();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const list = useUserList(searchParam);
  const users = flattenUserPages(list.data);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const deleteUser = useDeleteUser();

  const confirmDelete = () => {
    if (!deleting) return;
    deleteUser.mutate(deleting.id, {
      onSuccess: () => toast.success(t('users.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('users.list.title')}>
        <SearchField label={t('users.list.search')} value={search} onChange={setSearch} />
        <AddButton label={t('users.list.add')} onClick={() => setEditing({ user: null })} />
      </PageHeader>
      <ScrollPanel loadMore={loadMore}>
        <UsersTable
          users={users}
          meId={me.id}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={searchParam !== ''}
          onRetry={() => void list.refetch()}
          onEdit={(user) => setEditing({ user })}
          onDelete={setDeleting}
        />
      </ScrollPanel>
      {editing && <UserDialog user={editing.user} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('users.list.deleteTitle', { name: deleting.name })}
          message={t('users.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteUser.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
