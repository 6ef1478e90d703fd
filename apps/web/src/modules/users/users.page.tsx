import type { User } from '@balcao/shared';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
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
        <TextField
          type="search"
          placeholder={t('users.list.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: { sm: 260 } }}
          slotProps={{
            htmlInput: { 'aria-label': t('users.list.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          variant="contained"
          onClick={() => setEditing({ user: null })}
          aria-label={t('users.list.add')}
          sx={{ flexShrink: 0, minWidth: 40, px: { xs: 1, sm: 2 }, gap: 1 }}
        >
          <AddIcon fontSize="small" />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('users.list.add')}
          </Box>
        </Button>
      </PageHeader>
      <Paper
        variant="outlined"
        ref={loadMore.ref}
        onScroll={loadMore.onScroll}
        sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}
      >
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
      </Paper>
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
