import type { Plantao } from '@balcao/shared';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { EditDeleteCell } from '../../shared/ui/edit-delete-cell';
import { AddButton, ScrollPanel } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { PagedTable } from '../../shared/ui/paged-table';
import { hideBelow } from '../../shared/ui/responsive';
import { flattenPlantoes, useDeletePlantao, usePlantaoList } from './plantao.api';
import { PlantaoDialog } from './plantao.dialog';

type Editing = { record: Plantao | null } | null;

/** /plantao (spec 001 §2): who is on duty, at which phone, and when. */
export function PlantaoPage() {
  const { t } = useTranslation();
  const list = usePlantaoList();
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Plantao | null>(null);
  const remove = useDeletePlantao();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('plantao.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  const schedule = (record: Plantao) =>
    record.days
      .filter((day) => day.startTime && day.endTime)
      .map((day) => `${t(`plantao.weekdaysShort.${day.weekdayEn}`)} ${day.startTime}–${day.endTime}`)
      .join(', ');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('plantao.list.title')}>
        <AddButton label={t('plantao.list.add')} onClick={() => setEditing({ record: null })} />
      </PageHeader>
      <ScrollPanel loadMore={loadMore}>
        <PagedTable
          texts="plantao.list"
          emptyIcon={<SupportAgentOutlinedIcon />}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={false}
          onRetry={() => void list.refetch()}
          columns={[
            { label: t('plantao.list.id'), hideBelow: 'sm' },
            { label: t('plantao.list.user') },
            { label: t('plantao.list.phone'), hideBelow: 'sm' },
            { label: t('plantao.list.schedules'), hideBelow: 'md' },
            { label: t('plantao.list.actions'), align: 'right' },
          ]}
          rows={flattenPlantoes(list.data)}
          renderRow={(record) => (
            <TableRow hover>
              <TableCell sx={hideBelow('sm')}>{record.id}</TableCell>
              <TableCell>{record.user.name}</TableCell>
              <TableCell sx={hideBelow('sm')}>{record.phone}</TableCell>
              <TableCell sx={hideBelow('md')}>{schedule(record)}</TableCell>
              <EditDeleteCell
                editLabel={t('plantao.list.edit', { name: record.user.name })}
                deleteLabel={t('plantao.list.delete', { name: record.user.name })}
                onEdit={() => setEditing({ record })}
                onDelete={() => setDeleting(record)}
              />
            </TableRow>
          )}
        />
      </ScrollPanel>
      {editing && <PlantaoDialog record={editing.record} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('plantao.list.deleteTitle', { name: deleting.user.name })}
          message={t('plantao.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
