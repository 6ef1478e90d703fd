import { can, type Tag } from '@balcao/shared';
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
        <SearchField label={t('tags.list.search')} value={search} onChange={setSearch} />
        <AddButton label={t('tags.list.add')} onClick={() => setEditing({ tag: null })} />
      </PageHeader>
      <ScrollPanel loadMore={loadMore}>
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
      </ScrollPanel>
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
