import type { Schedule } from '@balcao/shared';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { PageHeader } from '../../shared/ui/page-header';
import { ScheduleDialog } from './schedule.dialog';
import { useDeleteSchedule, useScheduleList } from './schedules.api';
import { scheduleLists } from './schedules.cache';
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
        <TextField
          type="search"
          placeholder={t('schedules.list.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: { sm: 260 } }}
          slotProps={{
            htmlInput: { 'aria-label': t('schedules.list.search') },
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
          onClick={() => setEditing({ schedule: null })}
          aria-label={t('schedules.list.add')}
          sx={{ flexShrink: 0, minWidth: 40, px: { xs: 1, sm: 2 }, gap: 1 }}
        >
          <AddIcon fontSize="small" />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('schedules.list.add')}
          </Box>
        </Button>
      </PageHeader>
      <Paper
        variant="outlined"
        ref={loadMore.ref}
        onScroll={loadMore.onScroll}
        sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}
      >
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
      </Paper>
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
