import { can, type Ticket } from '@balcao/shared';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { useSessionUser } from '../../shared/session/session-user';
import { visuallyHidden } from '../../shared/ui/responsive';
import { CloseAllButton } from './close-all.button';
import { TicketRows } from './ticket-rows';
import { useTicketStatusChange } from './ticket-status-change';
import { useTicketList } from './tickets.api';
import { flattenTicketPages } from './tickets.cache';
import { type TicketTab, ticketTabs } from './tickets.rules';

/** A tab's name with its count beside it, inside the tab so narrow tabs never clip it. */
function TabLabel({ text, count, urgent }: { text: string; count: number | undefined; urgent: boolean }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {text}
      {Boolean(count) && (
        <Box
          component="span"
          sx={{
            minWidth: 20,
            px: 0.75,
            borderRadius: 10,
            fontSize: 12,
            lineHeight: '20px',
            bgcolor: urgent ? 'error.main' : 'action.selected',
            color: urgent ? 'error.contrastText' : 'text.primary',
          }}
        >
          {(count ?? 0) > 999 ? '999+' : count}
        </Box>
      )}
    </Box>
  );
}

interface Props {
  tab: TicketTab;
  onTabChange: (tab: TicketTab) => void;
  selectedUuid: string | undefined;
  /** Narrow screens show the page's tabs above; the heading is then only for screen readers. */
  compact: boolean;
}

export function TicketList({ tab, onTabChange, selectedUuid, compact }: Props) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const mayShowAll = can(me, 'tickets-manager:showall');
  const [search, setSearch] = useState('');
  const [showAll, setShowAll] = useState(false);
  const filters = { search: useDebouncedValue(search.trim().toLowerCase()), showAll: showAll && mayShowAll };
  const lists = {
    open: useTicketList({ ...filters, status: 'open' }),
    pending: useTicketList({ ...filters, status: 'pending' }),
    closed: useTicketList({ ...filters, status: 'closed' }),
  };
  const active = lists[tab];
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(active);
  const statusChange = useTicketStatusChange();

  const accept = (ticket: Ticket) =>
    statusChange.change(ticket, 'open', (accepted) => {
      onTabChange('open');
      navigate(`/tickets/${accepted.uuid}`);
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ px: 2, pt: compact ? 1.5 : 2, pb: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 32 }}>
          <Typography
            variant="h6"
            component="h1"
            sx={compact ? visuallyHidden : { fontWeight: 600, flex: 1 }}
          >
            {t('tickets.list.title')}
          </Typography>
          <CloseAllButton tab={tab} />
          {mayShowAll && (
            <FormControlLabel
              sx={{ mr: 0, ml: 'auto' }}
              control={
                <Switch size="small" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />
              }
              label={<Typography variant="body2">{t('tickets.list.showAll')}</Typography>}
            />
          )}
        </Box>
        <TextField
          type="search"
          placeholder={t('tickets.list.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': t('tickets.list.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Tabs
        value={tab}
        onChange={(_e, value: TicketTab) => onTabChange(value)}
        variant="fullWidth"
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          minHeight: 44,
          '& .MuiTab-root': { minWidth: 0, minHeight: 44, px: 1, textTransform: 'none', fontSize: 14 },
        }}
      >
        {ticketTabs.map((status) => (
          <Tab
            key={status}
            value={status}
            label={
              <TabLabel
                text={t(`tickets.tabs.${status}`)}
                count={lists[status].data?.pages[0]?.count}
                urgent={status === 'pending'}
              />
            }
          />
        ))}
      </Tabs>
      <Box
        ref={loadMore.ref}
        onScroll={loadMore.onScroll}
        role="tabpanel"
        aria-label={t(`tickets.tabs.${tab}`)}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      >
        <TicketRows
          tickets={flattenTicketPages(active.data)}
          query={active}
          tab={tab}
          searching={filters.search !== ''}
          selectedUuid={selectedUuid}
          showAgent={mayShowAll}
          acceptingId={statusChange.ticketId}
          onOpen={(ticket) => navigate(`/tickets/${ticket.uuid}`)}
          onAccept={accept}
        />
      </Box>
      {statusChange.dialog}
    </Box>
  );
}
