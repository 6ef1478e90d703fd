import type { Ticket, UpdateTicketBody } from '@balcao/shared';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../shared/api/http';
import { toast } from '../../shared/toast/toast.store';
import { AlreadyOpenDialog } from './already-open.dialog';
import { useUpdateTicket } from './tickets.api';

type Status = NonNullable<UpdateTicketBody['status']>;

/**
 * Accept, reopen, return and close: one PUT each. A refusal because the contact has another active
 * ticket gets its own dialog (spec 000 §4); other refusals are toasts.
 */
export function useTicketStatusChange() {
  const update = useUpdateTicket();
  const [refused, setRefused] = useState<Ticket | null>(null);

  const change = (ticket: Ticket, status: Status, onDone?: (ticket: Ticket) => void) =>
    update.mutate(
      { ticket, body: { status } },
      {
        onSuccess: (saved) => onDone?.(saved),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'ERR_OTHER_OPEN_TICKET') setRefused(ticket);
          else toast.apiError(error);
        },
      },
    );

  const dialog: ReactNode = refused && (
    <AlreadyOpenDialog contactName={refused.contact.name} onClose={() => setRefused(null)} />
  );
  const pending = update.isPending ? update.variables : undefined;
  return {
    change,
    ticketId: pending?.ticket.id,
    status: pending?.body.status,
    dialog,
  };
}
