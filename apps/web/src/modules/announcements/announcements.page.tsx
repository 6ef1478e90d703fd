import type { Announcement } from '@balcao/shared';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { AddButton, ScrollPanel, SearchField } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { AnnouncementDialog } from './announcement.dialog';
import { useAnnouncementList, useDeleteAnnouncement } from './announcements.api';
import { announcementLists } from './announcements.keys';
import { AnnouncementsTable } from './announcements-table';

type Editing = { record: Announcement | null } | null;

/**
 * The super user's announcements (spec 001 §2). Live changes reach these lists through the top
 * bar's popover, which listens for every user.
 */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = useAnnouncementList(searchParam);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const deleteAnnouncement = useDeleteAnnouncement();

  const confirmDelete = () => {
    if (!deleting) return;
    deleteAnnouncement.mutate(deleting.id, {
      onSuccess: () => toast.success(t('announcements.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('announcements.list.pageTitle')}>
        <SearchField label={t('announcements.list.search')} value={search} onChange={setSearch} />
        <AddButton label={t('announcements.list.add')} onClick={() => setEditing({ record: null })} />
      </PageHeader>
      <ScrollPanel loadMore={loadMore}>
        <AnnouncementsTable
          records={announcementLists.flatten(list.data)}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={searchParam !== ''}
          onRetry={() => void list.refetch()}
          onEdit={(record) => setEditing({ record })}
          onDelete={setDeleting}
        />
      </ScrollPanel>
      {editing && <AnnouncementDialog record={editing.record} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('announcements.list.deleteTitle', { name: deleting.title })}
          message={t('announcements.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteAnnouncement.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
