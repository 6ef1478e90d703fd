import { can, type Ticket, type TicketCounts } from '@balcao/shared';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { useSessionUser } from '../../shared/session/session-user';
import { visuallyHidden } from '../../shared/ui/responsive';
import { AdvancedFilters, QueueFilter } from './ticket-filters';
import { TicketRows } from './ticket-rows';
import { TicketSpeedDial } from './ticket-speed-dial';
import { useTicketStatusChange } from './ticket-status-change';
import { useTicketCounts, useTicketList } from './tickets.api';
import { flattenTicketPages, searchMatches } from './tickets.cache';
import {
  noFilters,
  type OpenSubTab,
  openSubTabs,
  type TicketListFilters,
  type TicketTab,
  tabStatus,
  ticketTabs,
} from './tickets.rules';
import { useViewport } from './virtual-rows';

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

const tabsSx = {
  borderBottom: 1,
  borderColor: 'divider',
  minHeight: 40,
  '& .MuiTab-root': { minWidth: 0, minHeight: 40, px: 1, textTransform: 'none', fontSize: 14 },
};

export interface ListView {
  tab: TicketTab;
  sub: OpenSubTab;
}

interface Props {
  view: ListView;
  onViewChange: (view: ListView) => void;
  selectedUuid: string | undefined;
  /** Narrow screens show the page's tabs above; the heading is then only for screen readers. */
  compact: boolean;
}

type Chosen = Omit<TicketListFilters, 'status' | 'search' | 'showAll'>;

export function TicketList({ view, onViewChange, selectedUuid, compact }: Props) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const mayShowAll = can(me, 'tickets-manager:showall');
  const mayGroups = can(me, 'tickets:groups');
  const [search, setSearch] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  const [chosen, setChosen] = useState<Chosen>(noFilters);
  const typed = useDebouncedValue(search.trim().toLowerCase());
  const status = tabStatus(view.tab, view.sub);
  const filters: TicketListFilters = {
    ...chosen,
    status,
    search: typed,
    // Show all widens the open tab only, and only for admins (spec 000 §6).
    showAll: showAll && mayShowAll && view.tab === 'open',
    statusFilter: status ? [] : chosen.statusFilter,
  };
  const list = useTicketList(filters);
  const counts = useTicketCounts({ ...filters, showAll: showAll && mayShowAll });
  const scroller = useRef<HTMLDivElement>(null);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const { viewport, measure } = useViewport(scroller);
  const statusChange = useTicketStatusChange();

  const accept = (ticket: Ticket) =>
    statusChange.accept(ticket, (accepted) => {
      onViewChange({ tab: 'open', sub: accepted.status === 'group' ? 'group' : 'open' });
      navigate(`/tickets/${accepted.uuid}`);
    });
  const typeSearch = (text: string) => {
    setSearch(text);
    // Typing searches every status, as the search tab does.
    if (text.trim() && view.tab !== 'search') onViewChange({ ...view, tab: 'search' });
  };

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, position: 'relative' }}
    >
      <Box sx={{ px: 2, pt: compact ? 1.5 : 2, pb: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 32 }}>
          <Typography
            variant="h6"
            component="h1"
            sx={compact ? visuallyHidden : { fontWeight: 600, flex: 1 }}
          >
            {t('tickets.list.title')}
          </Typography>
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
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            type="search"
            fullWidth
            placeholder={t('tickets.list.search')}
            value={search}
            onChange={(event) => typeSearch(event.target.value)}
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
          <IconButton
            aria-label={t('tickets.filters.toggle')}
            aria-expanded={advanced}
            color={advanced ? 'primary' : 'default'}
            onClick={() => setAdvanced((open) => !open)}
          >
            <FilterListIcon />
          </IconButton>
        </Box>
        <QueueFilter value={chosen.queueIds} onChange={(queueIds) => setChosen({ ...chosen, queueIds })} />
        <Collapse in={advanced} unmountOnExit>
          <AdvancedFilters value={chosen} onChange={(next) => setChosen({ ...chosen, ...next })} />
        </Collapse>
      </Box>
      <Tabs
        value={view.tab}
        onChange={(_e, tab: TicketTab) => onViewChange({ ...view, tab })}
        variant="fullWidth"
        sx={tabsSx}
      >
        {ticketTabs.map((tab) => (
          <Tab key={tab} value={tab} label={t(`tickets.tabs.${tab}`)} />
        ))}
      </Tabs>
      {view.tab === 'open' && (
        <Tabs
          value={view.sub}
          onChange={(_e, sub: OpenSubTab) => onViewChange({ ...view, sub })}
          variant="fullWidth"
          aria-label={t('tickets.tabs.open')}
          sx={tabsSx}
        >
          {openSubTabs
            .filter((sub) => sub !== 'group' || mayGroups)
            .map((sub) => (
              <Tab
                key={sub}
                value={sub}
                label={
                  <TabLabel
                    text={t(`tickets.subTabs.${sub}`)}
                    count={counts.data?.[sub as keyof TicketCounts]}
                    urgent={sub === 'pending'}
                  />
                }
              />
            ))}
        </Tabs>
      )}
      <Box
        ref={(el: HTMLDivElement | null) => {
          scroller.current = el;
          loadMore.ref.current = el;
        }}
        onScroll={() => {
          loadMore.onScroll();
          measure();
        }}
        role="tabpanel"
        aria-label={t(view.tab === 'open' ? `tickets.subTabs.${view.sub}` : `tickets.tabs.${view.tab}`)}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      >
        <TicketRows
          tickets={flattenTicketPages(list.data)}
          matches={searchMatches(list.data)}
          query={list}
          status={status}
          searching={typed !== ''}
          viewport={viewport}
          selectedUuid={selectedUuid}
          showAgent={mayShowAll}
          acceptingId={statusChange.ticketId}
          onOpen={(ticket, match) =>
            navigate(`/tickets/${ticket.uuid}${match ? `?message=${match.messageId}` : ''}`)
          }
          onAccept={accept}
          onIgnore={(ticket) => statusChange.change(ticket, 'closed')}
        />
      </Box>
      <TicketSpeedDial closable={view.tab === 'open' && view.sub !== 'group' ? view.sub : undefined} />
      {statusChange.dialog}
    </Box>
  );
}
