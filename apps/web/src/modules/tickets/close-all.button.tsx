import { can } from '@balcao/shared';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { useCloseAllTickets } from './ticket-ops.api';
import type { TicketTab } from './tickets.rules';

/** Admins close every ticket of the open or waiting tab at once, after confirming. */
export function CloseAllButton({ tab }: { tab: TicketTab }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const closeAll = useCloseAllTickets();
  const [confirming, setConfirming] = useState(false);
  if (tab === 'closed' || !can(me, 'tickets:closeAll')) return null;

  return (
    <>
      <Tooltip title={t('tickets.closeAll.action')}>
        <IconButton
          size="small"
          aria-label={t('tickets.closeAll.action')}
          onClick={() => setConfirming(true)}
        >
          <DoneAllIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {confirming && (
        <ConfirmDialog
          title={t('tickets.closeAll.title')}
          message={t(`tickets.closeAll.text.${tab}`)}
          confirmLabel={t('tickets.closeAll.confirm')}
          busy={closeAll.isPending}
          onConfirm={() =>
            closeAll.mutate(
              { status: tab },
              {
                onSuccess: ({ closed }) => {
                  setConfirming(false);
                  toast.success(t('tickets.closeAll.done', { count: closed }));
                },
                onError: toast.apiError,
              },
            )
          }
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
