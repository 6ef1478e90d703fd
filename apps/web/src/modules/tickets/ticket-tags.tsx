import type { Ticket } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { useSyncTicketTags } from './contact-tags.api';
import { TagPicker } from './tag-picker';

/**
 * This ticket's own tags (`ticket.tags`): what the Kanban's lanes are and the tag filter matches,
 * gone with the conversation (docs/decisions.md, issue 19 item 11). The ticket's events keep them live.
 */
export function TicketTags({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const sync = useSyncTicketTags(ticket);
  return (
    <TagPicker
      label={t('tickets.chat.ticketTags')}
      value={ticket.tags}
      busy={sync.isPending}
      disabled={false}
      onSave={(tags) => sync.mutate(tags)}
    />
  );
}
