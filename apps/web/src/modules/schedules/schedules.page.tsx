import type { Schedule } from '@balcao/shared';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { AddButton, ScrollPanel, SearchField } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { ScheduleDialog } from './schedule.dialog';
import { useDeleteSchedule, useScheduleList } from './schedules.api';
import { scheduleLists } from './schedules.cache';
import { useSchedulesRealtime } from './schedules.realtime';
import { SchedulesTable } from './schedules-table';

type Editing = { schedule: Schedule | null } | null;

/** Spec 001: `?contactId=` narrows the list to one contact. */
function useContactIdParam(): number | undefined {
  const [params] = useSearchParams();
  const id = Number(params.get('contactId'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function SchedulesPage() {
  const { t } = useTranslation();
  const contactId = useContactIdParam();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = useScheduleList(searchParam, contactId);
  useSchedulesRealtime();
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const deleteSchedule = useDeleteSchedule();
  const count = list.data?.pages[0]?.count ?? 0;

  const confirmDelete = () => {
    if (!deleting) return;
    deleteSchedule.mutate(deleting.id, {
      onSuccess: () => toast.success(t('schedules.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('schedules.list.title', { count })}>
        <SearchField label={t('schedules.list.search')} value={search} onChange={setSearch} />
        <AddButton label={t('schedules.list.add')} onClick={() => setEditing({ schedule: null })} />
      </PageHeader>
      <ScrollPanel loadMore={loadMore}>
        <SchedulesTable
          schedules={scheduleLists.flatten(list.data)}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={searchParam !== ''}
          onRetry={() => void list.refetch()}
          onEdit={(schedule) => setEditing({ schedule })}
          onDelete={setDeleting}
        />
      </ScrollPanel>
      {editing && <ScheduleDialog schedule={editing.schedule} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('schedules.list.deleteTitle', { name: deleting.contact.name })}
          message={t('schedules.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteSchedule.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
