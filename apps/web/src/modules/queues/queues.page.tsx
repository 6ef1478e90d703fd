import type { Queue } from '@balcao/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { AddButton } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { QueueDialog } from './queue.dialog';
import { DeleteQueueDialog } from './queue-delete.dialog';
import { useQueueList } from './queues.api';
import { useQueuesRealtime } from './queues.realtime';
import { QueuesTable } from './queues-table';

type Editing = { queue: Queue | null } | null;

/** A plan holds few queues, so the page lists them all at once (no search or paging). */
export function QueuesPage() {
  const { t } = useTranslation();
  useQueuesRealtime();
  const list = useQueueList();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Queue | null>(null);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('queues.list.title')}>
        <AddButton label={t('queues.list.add')} onClick={() => setEditing({ queue: null })} />
      </PageHeader>
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <QueuesTable
          queues={list.data ?? []}
          isLoading={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
          onEdit={(queue) => setEditing({ queue })}
          onDelete={setDeleting}
        />
      </Paper>
      {editing && <QueueDialog queue={editing.queue} onClose={() => setEditing(null)} />}
      {deleting && (
        <DeleteQueueDialog
          queue={deleting}
          onDeleted={() => toast.success(t('queues.list.deleted'))}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
