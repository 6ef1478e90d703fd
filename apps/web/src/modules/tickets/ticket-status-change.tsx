import type { Ticket, TicketHolder, UpdateTicketBody } from '@balcao/shared';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { lazyPart, usePreloadOnIntent } from '../../shared/ui/lazy-part';
import { holderOf, isConflict } from './ticket-conflict';
import { useUpdateTicket } from './tickets.api';

const AcceptQueueDialog = lazyPart(() => import('./accept-queue.dialog').then((m) => m.AcceptQueueDialog));
const AlreadyOpenDialog = lazyPart(() => import('./already-open.dialog').then((m) => m.AlreadyOpenDialog));

type Status = NonNullable<UpdateTicketBody['status']>;

type OnDone = (ticket: Ticket) => void;

interface Refusal {
  ticket: Ticket;
  holder: TicketHolder | null;
}

/**
 * Accept, reopen, return and close: one PUT each. A refusal because the contact has another active
 * ticket gets its own dialog (spec 000 §4); a ticket someone else took first names who; other
 * refusals are toasts.
 */
export function useTicketStatusChange() {
  const { t } = useTranslation();
  const update = useUpdateTicket();
  const me = useSessionUser();
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [choosing, setChoosing] = useState<{ ticket: Ticket; onDone?: OnDone } | null>(null);
  usePreloadOnIntent(AcceptQueueDialog, AlreadyOpenDialog);

  const change = (ticket: Ticket, status: Status, onDone?: OnDone, queueId?: number) =>
    update.mutate(
      { ticket, body: queueId === undefined ? { status } : { status, queueId } },
      {
        onSuccess: (saved) => {
          setChoosing(null);
          onDone?.(saved);
        },
        onError: (error) => {
          if (isConflict(error, 'ERR_OTHER_OPEN_TICKET')) {
            setRefused({ ticket, holder: holderOf(error) });
            return;
          }
          const takenBy = isConflict(error, 'ERROR_TICKET_OPEN') ? holderOf(error)?.userName : null;
          if (takenBy) toast.error(t('tickets.alreadyTaken', { ticketId: ticket.id, agent: takenBy }));
          else toast.apiError(error);
        },
      },
    );

  /**
   * Accept (and reopen) a ticket without a queue: the user's only queue is taken at once, several
   * are offered in a dialog; group tickets keep going without one (spec 000 §4).
   */
  const accept = (ticket: Ticket, onDone?: OnDone) => {
    const [only, ...others] = me.queues;
    if (ticket.queueId !== null || ticket.isGroup || !only) return change(ticket, 'open', onDone);
    if (others.length === 0) return change(ticket, 'open', onDone, only.id);
    setChoosing({ ticket, onDone });
  };

  const dialog: ReactNode = (
    <Suspense>
      {refused && (
        <AlreadyOpenDialog
          contactName={refused.ticket.contact.name}
          holder={refused.holder}
          onClose={() => setRefused(null)}
        />
      )}
      {choosing && (
        <AcceptQueueDialog
          ticketId={choosing.ticket.id}
          queues={me.queues}
          busy={update.isPending}
          onAccept={(queueId) => change(choosing.ticket, 'open', choosing.onDone, queueId)}
          onClose={() => setChoosing(null)}
        />
      )}
    </Suspense>
  );
  const pending = update.isPending ? update.variables : undefined;
  return {
    change,
    accept,
    ticketId: pending?.ticket.id,
    status: pending?.body.status,
    dialog,
  };
}
