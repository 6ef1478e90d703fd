import { can } from '@balcao/shared';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SpeedDial from '@mui/material/SpeedDial';
import SpeedDialAction from '@mui/material/SpeedDialAction';
import SpeedDialIcon from '@mui/material/SpeedDialIcon';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session-user';
import { lazyPart, usePreloadOnIntent } from '../../shared/ui/lazy-part';

const OpenTicketDialog = lazyPart(() =>
  import('../contacts/open-ticket.dialog').then((m) => m.OpenTicketDialog),
);
const CloseAllDialog = lazyPart(() => import('./close-all.dialog').then((m) => m.CloseAllDialog));

/**
 * The list's speed dial (spec 000 §2): a new ticket, and for admins closing every ticket of the
 * sub-tab on screen when it is the open or the pending one.
 */
export function TicketSpeedDial({ closable }: { closable: 'open' | 'pending' | undefined }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const [dialog, setDialog] = useState<'new' | 'closeAll' | null>(null);
  const mayCloseAll = closable !== undefined && can(me, 'tickets:closeAll');
  usePreloadOnIntent(OpenTicketDialog, CloseAllDialog);
  return (
    <>
      <SpeedDial
        ariaLabel={t('tickets.speedDial.label')}
        icon={<SpeedDialIcon />}
        FabProps={{ size: 'medium' }}
        sx={{ position: 'absolute', right: 16, bottom: 16 }}
      >
        <SpeedDialAction
          icon={<AddCommentOutlinedIcon />}
          slotProps={{ tooltip: { title: t('tickets.newTicket.title') } }}
          onClick={() => setDialog('new')}
        />
        {mayCloseAll && (
          <SpeedDialAction
            icon={<DoneAllIcon />}
            slotProps={{ tooltip: { title: t('tickets.closeAll.action') } }}
            onClick={() => setDialog('closeAll')}
          />
        )}
      </SpeedDial>
      <Suspense>
        {dialog === 'new' && <OpenTicketDialog onClose={() => setDialog(null)} />}
        {dialog === 'closeAll' && closable && (
          <CloseAllDialog status={closable} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </>
  );
}
