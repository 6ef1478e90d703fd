import { can, type Tag } from '@balcao/shared';
import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { EditDeleteCell } from '../../shared/ui/edit-delete-cell';
import { AddButton, ScrollPanel } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { PagedTable } from '../../shared/ui/paged-table';
import { TagDialog } from '../tags/tag.dialog';
import { TagChip } from '../tags/tag-chip';
import { useDeleteTag, useTagList } from '../tags/tags.api';
import { tagLists } from '../tags/tags.cache';
import { useTagsRealtime } from '../tags/tags.realtime';

type Editing = { tag: Tag | null } | null;

/** /TagsKanban (spec 001 §2): the lanes' tags with how many tickets each holds; the tags' own dialog and calls. */
export function TagsKanbanPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  useTagsRealtime();
  const list = useTagList('', true);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const deleteTag = useDeleteTag();
  const canManage = can(me, 'tags:manage');
  // A tag turned into a plain tag elsewhere leaves the lanes at once, before any refetch.
  const lanes = tagLists.flatten(list.data).filter((tag) => tag.kanban !== 0);

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
      <PageHeader title={t('kanban.tags.title')}>
        {canManage && <AddButton label={t('kanban.tags.add')} onClick={() => setEditing({ tag: null })} />}
      </PageHeader>
      <ScrollPanel loadMore={loadMore}>
        <PagedTable
          texts="kanban.tags"
          emptyIcon={<ViewKanbanOutlinedIcon />}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={false}
          onRetry={() => void list.refetch()}
          columns={[
            { label: t('kanban.tags.name') },
            { label: t('kanban.tags.tickets'), align: 'center' },
            { label: t('kanban.tags.actions'), align: 'right' },
          ]}
          rows={lanes}
          renderRow={(tag) => (
            <TableRow hover>
              <TableCell>
                <TagChip name={tag.name} color={tag.color} />
              </TableCell>
              <TableCell align="center">{tag.ticketsCount}</TableCell>
              <EditDeleteCell
                editLabel={t('tags.list.editTag', { name: tag.name })}
                deleteLabel={t('tags.list.deleteTag', { name: tag.name })}
                onEdit={canManage ? () => setEditing({ tag }) : undefined}
                onDelete={canManage ? () => setDeleting(tag) : undefined}
              />
            </TableRow>
          )}
        />
      </ScrollPanel>
      {editing && <TagDialog tag={editing.tag} newLane onClose={() => setEditing(null)} />}
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
