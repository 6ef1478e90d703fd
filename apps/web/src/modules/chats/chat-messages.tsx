import { CHAT_OLDER_MESSAGES_PX, findTicketNumbers } from '@balcao/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session-user';
import { ChatMessageBubble } from './chat-message';
import { useChatMessages, useTicketLinks } from './chats.api';

/** Within this distance of the bottom the list follows new messages; further up, the reader stays put. */
const FOLLOW_PX = 120;

/**
 * The chat's messages, oldest at the top. Pages come newest first; scrolling within 600 px of the top
 * (spec 000 §9) loads the older ones, keeping what the reader is looking at in place.
 */
export function ChatMessages({
  chatId,
  members,
}: {
  chatId: number;
  members: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const list = useChatMessages(chatId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const ref = useRef<HTMLDivElement>(null);
  const messages = useMemo(
    () => (list.data?.pages ?? []).flatMap((page) => page.records).reverse(),
    [list.data],
  );
  const ticketIds = useMemo(
    () =>
      [...new Set(messages.flatMap((message) => findTicketNumbers(message.message)))].sort((a, b) => a - b),
    [messages],
  );
  const links = useTicketLinks(ticketIds);
  const ticketLinks = useMemo(
    () => new Map((links.data ?? []).map((link) => [link.id, link.uuid])),
    [links.data],
  );

  // What decides the scroll after a render: older messages above (keep the view), a new one below (follow).
  const shape = useRef({ first: 0, last: 0, height: 0, nearBottom: true });
  const firstId = messages[0]?.id ?? 0;
  const lastId = messages.at(-1)?.id ?? 0;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const before = shape.current;
    if (before.first !== 0 && firstId !== before.first && lastId === before.last) {
      el.scrollTop += el.scrollHeight - before.height;
    } else if (lastId !== before.last && (before.nearBottom || before.last === 0)) {
      el.scrollTop = el.scrollHeight;
    }
    shape.current = {
      first: firstId,
      last: lastId,
      height: el.scrollHeight,
      nearBottom: shape.current.nearBottom,
    };
  }, [firstId, lastId]);

  const check = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    shape.current.nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX;
    shape.current.height = el.scrollHeight;
    if (hasNextPage && !isFetchingNextPage && el.scrollTop < CHAT_OLDER_MESSAGES_PX) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // A first page that does not fill the pane cannot be scrolled: the older ones are asked for at once.
  useEffect(check);

  return (
    <Box
      ref={ref}
      onScroll={check}
      role="log"
      aria-label={t('chats.pane.messages')}
      sx={{ flex: 1, minHeight: 0, overflow: 'auto', py: 1, bgcolor: 'background.default' }}
    >
      {isFetchingNextPage && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 1 }}>
          <CircularProgress size={20} aria-label={t('common.loading')} />
        </Box>
      )}
      {list.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', p: 3 }}>
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Box>
      ) : list.isError ? (
        <Box sx={{ p: 2, textAlign: 'center' }}>
          <Typography color="error">{t('chats.pane.loadError')}</Typography>
          <Button onClick={() => void list.refetch()}>{t('common.actions.retry')}</Button>
        </Box>
      ) : messages.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {t('chats.pane.empty')}
        </Typography>
      ) : (
        messages.map((message) => (
          <ChatMessageBubble
            key={message.id}
            message={message}
            mine={message.senderId === me.id}
            meId={me.id}
            members={members}
            ticketLinks={ticketLinks}
          />
        ))
      )}
    </Box>
  );
}
