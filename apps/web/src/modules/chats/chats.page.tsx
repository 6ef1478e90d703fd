import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useElementWidth } from '../../shared/hooks/use-element-width';
import { EmptyState } from '../../shared/ui/empty-state';
import { visuallyHidden } from '../../shared/ui/responsive';
import { ChatList } from './chat-list';
import { ChatPane } from './chat-pane';

type Pane = 'list' | 'messages';

/** Spec 000 §2: below 600 px the internal chat shows one pane at a time under two tabs. */
const TWO_PANES_MIN_PX = 600;

/** /chats and /chats/{uuid}: the user's chats beside the open one's messages. */
export function ChatsPage() {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const frame = useElementWidth<HTMLDivElement>();
  const narrow = frame.width !== undefined && frame.width < TWO_PANES_MIN_PX;
  const [pane, setPane] = useState<Pane>(uuid ? 'messages' : 'list');
  useEffect(() => setPane(uuid ? 'messages' : 'list'), [uuid]);

  const list = <ChatList selectedUuid={uuid} />;
  const messages = uuid ? (
    <ChatPane key={uuid} uuid={uuid} />
  ) : (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
      <EmptyState
        icon={<QuestionAnswerOutlinedIcon />}
        title={t('chats.pane.welcomeTitle')}
        description={t('chats.pane.welcomeText')}
      />
    </Box>
  );

  return (
    <Paper
      ref={frame.ref}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: narrow ? 'column' : 'row', overflow: 'hidden' }}
    >
      {/* The page's heading for screen readers and the focus after navigation; the panes show their own. */}
      <Typography component="h1" sx={visuallyHidden}>
        {t('app.menu.internalChat')}
      </Typography>
      {narrow ? (
        <>
          <Tabs
            value={pane}
            onChange={(_e, value: Pane) => setPane(value)}
            variant="fullWidth"
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="list" label={t('chats.tabs.chats')} />
            <Tab value="messages" label={t('chats.tabs.messages')} />
          </Tabs>
          <Box sx={{ flex: 1, minHeight: 0 }}>{pane === 'list' ? list : messages}</Box>
        </>
      ) : (
        <>
          <Box
            component="section"
            sx={{ width: { xs: 280, md: 340 }, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}
          >
            {list}
          </Box>
          <Box component="section" sx={{ flex: 1, minWidth: 0 }}>
            {messages}
          </Box>
        </>
      )}
    </Paper>
  );
}
