import { can, type Tag } from '@balcao/shared';
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
import { TagDialog } from './tag.dialog';
import { useDeleteTag, useTagList } from './tags.api';
import { tagLists } from './tags.cache';
import { useTagsRealtime } from './tags.realtime';
import { TagsTable } from './tags-table';

type Editing = { tag: Tag | null } | null;

export function TagsPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  useTagsRealtime();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = useTagList(searchParam);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const deleteTag = useDeleteTag();

  const confirmDelete = () => {
    if (!deleting) return;
    deleteTag.mutate(deleting.id, {
      onSuccess: () => toast.success(t('tags.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('tags.list.title')}>
        <TextField
          type="search"
          placeholder={t('tags.list.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: { sm: 260 } }}
          slotProps={{
            htmlInput: { 'aria-label': t('tags.list.search') },
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
          onClick={() => setEditing({ tag: null })}
          aria-label={t('tags.list.add')}
          sx={{ flexShrink: 0, minWidth: 40, px: { xs: 1, sm: 2 }, gap: 1 }}
        >
          <AddIcon fontSize="small" />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('tags.list.add')}
          </Box>
        </Button>
      </PageHeader>
      <Paper
        variant="outlined"
        ref={loadMore.ref}
        onScroll={loadMore.onScroll}
        sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}
      >
        <TagsTable
          tags={tagLists.flatten(list.data)}
          canManage={can(me, 'tags:manage')}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={searchParam !== ''}
          onRetry={() => void list.refetch()}
          onEdit={(tag) => setEditing({ tag })}
          onDelete={setDeleting}
        />
      </Paper>
      {editing && <TagDialog tag={editing.tag} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('tags.list.deleteTitle', { name: deleting.name })}
          message={t('tags.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteTag.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
