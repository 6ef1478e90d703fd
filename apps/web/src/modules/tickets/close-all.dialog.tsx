import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { useCloseAllTickets } from './ticket-ops.api';

/** Admins close every ticket in service or waiting at once, after confirming (spec 000 §6). */
export function CloseAllDialog({ status, onClose }: { status: 'open' | 'pending'; onClose: () => void }) {
  const { t } = useTranslation();
  const closeAll = useCloseAllTickets();
  return (
    <ConfirmDialog
      title={t('tickets.closeAll.title')}
      message={t(`tickets.closeAll.text.${status}`)}
      confirmLabel={t('tickets.closeAll.confirm')}
      busy={closeAll.isPending}
      onConfirm={() =>
        closeAll.mutate(
          { status },
          {
            onSuccess: ({ closed }) => {
              onClose();
              toast.success(t('tickets.closeAll.done', { count: closed }));
            },
            onError: toast.apiError,
          },
        )
      }
      onClose={onClose}
    />
  );
}
