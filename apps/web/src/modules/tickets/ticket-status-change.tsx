import type { Ticket, TicketHolder, UpdateTicketBody } from '@balcao/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { AlreadyOpenDialog } from './already-open.dialog';
import { holderOf, isConflict } from './ticket-conflict';
import { useUpdateTicket } from './tickets.api';

type Status = NonNullable<UpdateTicketBody['status']>;

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
  const [refused, setRefused] = useState<Refusal | null>(null);

  const change = (ticket: Ticket, status: Status, onDone?: (ticket: Ticket) => void) =>
    update.mutate(
      { ticket, body: { status } },
      {
        onSuccess: (saved) => onDone?.(saved),
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

  const dialog: ReactNode = refused && (
    <AlreadyOpenDialog
      contactName={refused.ticket.contact.name}
      holder={refused.holder}
      onClose={() => setRefused(null)}
    />
  );
  const pending = update.isPending ? update.variables : undefined;
  return {
    change,
    ticketId: pending?.ticket.id,
    status: pending?.body.status,
    dialog,
  };
}
