import { chatRoomEvent, events } from '@balcao/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { ChatComposer } from './chat-composer';
import { ChatMessages } from './chat-messages';
import { useChat, useMarkChatRead } from './chats.api';

/** The open chat: its title and members, its messages, and the composer. */
export function ChatPane({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const chat = useChat(uuid);
  const markRead = useMarkChatRead();
  const chatId = chat.data?.id;
  const { mutate: read } = markRead;

  // Opening a chat reads it (spec 000 §4); so does a message of someone else arriving while it is open.
  useEffect(() => {
    if (chatId) read(chatId);
  }, [chatId, read]);
  useSocketEvent(events.chatRoom(me.companyId, chatId ?? 0), chatRoomEvent, (event) => {
    if (chatId && event.action === 'new-message' && event.newMessage.senderId !== me.id) read(chatId);
  });

  if (chat.isPending) {
    return (
      <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (!chat.data) {
    return (
      <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', textAlign: 'center', p: 2 }}>
        <div>
          <Typography>{t('chats.pane.notFound')}</Typography>
          <Button component={RouterLink} to="/chats" startIcon={<ArrowBackIcon />}>
            {t('chats.pane.back')}
          </Button>
        </div>
      </Box>
    );
  }
  const members = chat.data.users.map((member) => member.user);
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 700 }}>
          {chat.data.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {members.map((member) => member.name).join(', ')}
        </Typography>
      </Box>
      <ChatMessages chatId={chat.data.id} members={members} />
      <ChatComposer chatId={chat.data.id} members={members.filter((member) => member.id !== me.id)} />
    </Box>
  );
}
