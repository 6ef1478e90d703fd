import type { Ticket } from '@balcao/shared';
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
import { TicketRow } from './ticket-row';
import type { TicketTab } from './tickets.rules';

interface Props {
  tickets: Ticket[];
  query: { isPending: boolean; error: unknown; isFetchingNextPage: boolean; refetch: () => unknown };
  tab: TicketTab;
  searching: boolean;
  selectedUuid: string | undefined;
  showAgent: boolean;
  acceptingId: number | undefined;
  onOpen: (ticket: Ticket) => void;
  onAccept: (ticket: Ticket) => void;
}

/** The rows of one tab, or what stands in for them: placeholders, an error, an empty tab. */
export function TicketRows({ tickets, query, tab, searching, selectedUuid, acceptingId, ...rest }: Props) {
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
        title={searching ? t('tickets.list.noMatchTitle') : t(`tickets.list.empty.${tab}`)}
        description={searching ? t('tickets.list.noMatchText') : t('tickets.list.emptyText')}
      />
    );
  }
  return (
    <List disablePadding aria-busy={query.isFetchingNextPage}>
      {tickets.map((ticket) => (
        <TicketRow
          key={ticket.id}
          ticket={ticket}
          selected={ticket.uuid === selectedUuid}
          accepting={ticket.id === acceptingId}
          {...rest}
        />
      ))}
      {query.isFetchingNextPage && (
        <Box component="li" sx={{ listStyle: 'none', py: 2 }}>
          <CircularProgress size={24} sx={{ display: 'block', mx: 'auto' }} />
        </Box>
      )}
    </List>
  );
}
