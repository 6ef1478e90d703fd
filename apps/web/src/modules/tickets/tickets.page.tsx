import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../shared/ui/empty-state';
import { TicketChat } from './ticket-chat';
import { TicketList } from './ticket-list';
import { useTicketsRealtime } from './tickets.realtime';
import type { TicketTab } from './tickets.rules';

type Pane = 'list' | 'chat';

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
 * /tickets and /tickets/{uuid}: the list beside the chat; below 600 px, one at a time under the
 * tabs 'Atendimentos' and 'Ticket' (spec 000 §2).
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [tab, setTab] = useState<TicketTab>('open');
  const [pane, setPane] = useState<Pane>(uuid ? 'chat' : 'list');
  useTicketsRealtime();

  useEffect(() => setPane(uuid ? 'chat' : 'list'), [uuid]);

  const list = <TicketList tab={tab} onTabChange={setTab} selectedUuid={uuid} compact={narrow} />;
  const chat = uuid ? (
    <TicketChat key={uuid} uuid={uuid} onAccepted={() => setTab('open')} />
  ) : (
    <ChatWelcome />
  );

  if (narrow) {
    return (
      <Paper
        variant="outlined"
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      >
        <Tabs
          value={pane}
          onChange={(_e, value: Pane) => setPane(value)}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="list" label={t('tickets.panes.list')} />
          <Tab value="chat" label={t('tickets.panes.chat')} />
        </Tabs>
        <Box sx={{ flex: 1, minHeight: 0 }}>{pane === 'list' ? list : chat}</Box>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ height: '100%', display: 'flex', overflow: 'hidden' }}>
      <Box
        component="section"
        sx={{ width: { sm: 300, md: 340, lg: 380 }, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}
      >
        {list}
      </Box>
      <Box component="section" sx={{ flex: 1, minWidth: 0 }}>
        {chat}
      </Box>
    </Paper>
  );
}
