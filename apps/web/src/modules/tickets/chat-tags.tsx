import type { Ticket } from '@balcao/shared';
import Box from '@mui/material/Box';
import { ContactTags } from './contact-tags';
import { TicketTags } from './ticket-tags';

/** Under the chat header: the ticket's tags and its contact's, side by side where there is room. */
export function ChatTags({ ticket }: { ticket: Ticket }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        px: 2,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <TicketTags ticket={ticket} />
      <ContactTags contactId={ticket.contactId} />
    </Box>
  );
}
