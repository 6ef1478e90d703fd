import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useElementWidth } from '../../shared/hooks/use-element-width';
import { EmptyState } from '../../shared/ui/empty-state';
import { lazyPart, usePreloadOnIntent } from '../../shared/ui/lazy-part';
import { ChatLoading } from './chat-loading';
import { useContactMergeRefresh } from './contact-merge.realtime';
import { type ListView, TicketList } from './ticket-list';

const TicketChat = lazyPart(() => import('./ticket-chat').then((m) => m.TicketChat));

type Pane = 'list' | 'chat';

/**
 * Below this width of its own area the inbox shows one pane at a time. Spec 000 §2 asks for it under
 * 600 px of screen; between 600 and ~1000 px with the menu open, two panes would squeeze both.
 */
const TWO_PANES_MIN_PX = 720;

function ChatWelcome() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ flex: 1, display: 'grid', placeItems: 'center', bgcolor: 'background.default', height: '100%' }}
    >
      <EmptyState
        icon={<ForumOutlinedIcon />}
        title={t('tickets.chat.welcomeTitle')}
        description={t('tickets.chat.welcomeText')}
      />
    </Box>
  );
}

/**
 * /tickets and /tickets/{uuid}: the list beside the chat; in a narrow area, one at a time under the
 * tabs 'Atendimentos' and 'Ticket'.
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const frame = useElementWidth<HTMLDivElement>();
  const narrow = frame.width !== undefined && frame.width < TWO_PANES_MIN_PX;
  const [view, setView] = useState<ListView>({ tab: 'open', sub: 'open' });
  const [pane, setPane] = useState<Pane>(uuid ? 'chat' : 'list');
  usePreloadOnIntent(TicketChat);
  useContactMergeRefresh();

  const { search, key } = useLocation();
  // A ticket opened in the app (from the list, after accepting it); not one whose address the browser loaded.
  const opened = key !== 'default';
  // biome-ignore lint/correctness/useExhaustiveDependencies: a search hit of the open ticket changes only the query (?message=); it shows the chat too
  useEffect(() => setPane(uuid ? 'chat' : 'list'), [uuid, search]);

  const list = <TicketList view={view} onViewChange={setView} selectedUuid={uuid} compact={narrow} />;
  const chat = uuid ? (
    <Suspense fallback={<ChatLoading />}>
      <TicketChat
        key={uuid}
        uuid={uuid}
        focusOnOpen={opened}
        onAccepted={(ticket) => setView({ tab: 'open', sub: ticket.status === 'group' ? 'group' : 'open' })}
      />
    </Suspense>
  ) : (
    <ChatWelcome />
  );

  const panes = narrow ? (
    <>
      <Tabs
        value={pane}
        onChange={(_e, value: Pane) => setPane(value)}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="list" label={t('tickets.panes.list')} />
        <Tab value="chat" label={t('tickets.panes.chat')} />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, position: 'relative' }}>
        {/* The list stays laid out behind the chat (hidden, not removed): its search, tab and scroll survive. */}
        <Box sx={{ position: 'absolute', inset: 0, visibility: pane === 'list' ? 'visible' : 'hidden' }}>
          {list}
        </Box>
        {pane === 'chat' && (
          <Box sx={{ position: 'absolute', inset: 0, bgcolor: 'background.paper' }}>{chat}</Box>
        )}
      </Box>
    </>
  ) : (
    <>
      <Box
        component="section"
        sx={{ width: { xs: 320, lg: 380 }, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}
      >
        {list}
      </Box>
      <Box component="section" sx={{ flex: 1, minWidth: 0 }}>
        {chat}
      </Box>
    </>
  );
  return (
    <Paper
      ref={frame.ref}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: narrow ? 'column' : 'row', overflow: 'hidden' }}
    >
      {panes}
    </Paper>
  );
}
