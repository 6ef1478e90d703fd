import type { Queue } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { useDeleteQueue, useQueueDetail } from './queues.api';

interface Props {
  queue: Queue;
  onDeleted: () => void;
  onClose: () => void;
}

/** Says, before anything is lost, how many tickets carry on without a queue. */
export function DeleteQueueDialog({ queue, onDeleted, onClose }: Props) {
  const { t } = useTranslation();
  const detail = useQueueDetail(queue.id);
  const deleteQueue = useDeleteQueue();
  const openTickets = detail.data?.openTickets;

  const confirm = () =>
    deleteQueue.mutate(queue.id, {
      onSuccess: onDeleted,
      onError: (error) => toast.apiError(error),
      onSettled: onClose,
    });

  const message =
    openTickets === undefined
      ? detail.isError
        ? t('queues.list.deleteMessage')
        : t('queues.list.deleteCounting')
      : `${t('queues.list.deleteTickets', { count: openTickets })} ${t('queues.list.deleteMessage')}`;
  return (
    <ConfirmDialog
      title={t('queues.list.deleteTitle', { name: queue.name })}
      message={message}
      confirmLabel={t('common.actions.delete')}
      busy={deleteQueue.isPending || detail.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
