import type { Ticket, TicketSearchMatch } from '@balcao/shared';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { EmptyState } from '../../shared/ui/empty-state';
import { TICKET_ROW_HEIGHT, TicketRow } from './ticket-row';
import type { TicketListFilters } from './tickets.rules';
import { type Viewport, visibleRange } from './virtual-rows';

interface Props {
  tickets: Ticket[];
  /** A search's matching messages, by ticket id. */
  matches: ReadonlyMap<number, TicketSearchMatch>;
  query: { isPending: boolean; error: unknown; isFetchingNextPage: boolean; refetch: () => unknown };
  status: TicketListFilters['status'];
  searching: boolean;
  /** The scrolling panel's position: only the rows in view (and a few around) are drawn. */
  viewport: Viewport;
  selectedUuid: string | undefined;
  showAgent: boolean;
  acceptingId: number | undefined;
  onOpen: (ticket: Ticket, match?: TicketSearchMatch) => void;
  onAccept: (ticket: Ticket) => void;
  onIgnore: (ticket: Ticket) => void;
}

/** The rows of one tab, or what stands in for them: placeholders, an error, an empty tab. */
export function TicketRows({
  tickets,
  matches,
  query,
  status,
  searching,
  viewport,
  selectedUuid,
  acceptingId,
  ...rest
}: Props) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Box sx={{ p: 2 }} aria-busy>
        {Array.from({ length: 6 }, (_v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Box key={i} sx={{ display: 'flex', gap: 1.5, mb: 2 }}>
            <Skeleton variant="circular" width={40} height={40} />
            <Box sx={{ flex: 1 }}>
              <Skeleton width="60%" />
              <Skeleton width="90%" />
            </Box>
          </Box>
        ))}
      </Box>
    );
  }
  if (query.error && tickets.length === 0) {
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.actions.retry')}
          </Button>
        }
      >
        {t('tickets.list.loadError')} {errorMessage(query.error)}
      </Alert>
    );
  }
  if (tickets.length === 0) {
    return (
      <EmptyState
        icon={<ForumOutlinedIcon />}
        title={searching ? t('tickets.list.noMatchTitle') : t(`tickets.list.empty.${status ?? 'search'}`)}
        description={searching ? t('tickets.list.noMatchText') : t('tickets.list.emptyText')}
      />
    );
  }
  const { start, end } = visibleRange(tickets.length, TICKET_ROW_HEIGHT, viewport);
  return (
    <List disablePadding aria-busy={query.isFetchingNextPage} data-rows={tickets.length}>
      <Box component="li" aria-hidden sx={{ height: start * TICKET_ROW_HEIGHT, listStyle: 'none' }} />
      {tickets.slice(start, end).map((ticket, i) => (
        <TicketRow
          key={ticket.id}
          position={{ index: start + i + 1, of: tickets.length }}
          ticket={ticket}
          match={matches.get(ticket.id)}
          selected={ticket.uuid === selectedUuid}
          accepting={ticket.id === acceptingId}
          {...rest}
        />
      ))}
      <Box
        component="li"
        aria-hidden
        sx={{ height: (tickets.length - end) * TICKET_ROW_HEIGHT, listStyle: 'none' }}
      />
      {query.isFetchingNextPage && (
        <Box component="li" sx={{ listStyle: 'none', py: 2 }}>
          <CircularProgress size={24} sx={{ display: 'block', mx: 'auto' }} />
        </Box>
      )}
    </List>
  );
}
