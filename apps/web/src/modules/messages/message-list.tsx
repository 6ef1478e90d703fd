import type { Channel, Message } from '@balcao/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { Fragment, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { formatDate } from '../../shared/format';
import { ForwardBar } from './forward-bar';
import { MessageBubble } from './message-bubble';
import { useMessages } from './messages.api';
import { flattenMessagePages } from './messages.cache';

/** Spec 000 §9: older messages load once the top is within 50 px. */
const OLDER_PAGE_PX = 50;
/** Within this distance of the bottom the reader is following the conversation, and new messages keep it there. */
const FOLLOW_PX = 120;

interface ScrollMemo {
  firstId?: number;
  lastId?: number;
  scrollHeight: number;
  following: boolean;
}

/**
 * Keeps the view where a reader expects it: at the bottom on open and while following new
 * messages, and on the same message when older pages are added above.
 */
function useScrollKeeper(messages: Message[]) {
  const ref = useRef<HTMLDivElement>(null);
  const memo = useRef<ScrollMemo>({ scrollHeight: 0, following: true });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const before = memo.current;
    const first = messages[0]?.id;
    const last = messages.at(-1);
    if (before.lastId === undefined || (last?.id !== before.lastId && (before.following || last?.fromMe))) {
      el.scrollTop = el.scrollHeight;
    } else if (first !== before.firstId && last?.id === before.lastId) {
      el.scrollTop += el.scrollHeight - before.scrollHeight;
    }
    memo.current = {
      firstId: first,
      lastId: last?.id,
      scrollHeight: el.scrollHeight,
      following: before.following,
    };
  }, [messages]);

  const remember = () => {
    const el = ref.current;
    if (el) memo.current.following = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX;
  };
  return { ref, remember };
}

export function MessageList({ ticketId, channel }: { ticketId: number; channel: Channel }) {
  const { t } = useTranslation();
  const query = useMessages(ticketId);
  const messages = flattenMessagePages(query.data);
  const scroll = useScrollKeeper(messages);

  const onScroll = () => {
    scroll.remember();
    const el = scroll.ref.current;
    if (el && el.scrollTop < OLDER_PAGE_PX && query.hasNextPage && !query.isFetchingNextPage)
      void query.fetchNextPage();
  };

  return (
    <Box
      ref={scroll.ref}
      onScroll={onScroll}
      aria-busy={query.isPending || query.isFetchingNextPage}
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        bgcolor: 'background.default',
        px: { xs: 1, sm: 2 },
        py: 1,
      }}
    >
      {/* Zero height: the spinner must not push the messages and spoil the kept scroll position. */}
      <Box
        sx={{ position: 'sticky', top: 0, height: 0, zIndex: 1, display: 'flex', justifyContent: 'center' }}
      >
        {(query.isPending || query.isFetchingNextPage) && <CircularProgress size={24} sx={{ mt: 1 }} />}
      </Box>
      {query.error && !query.data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.actions.retry')}
            </Button>
          }
        >
          {t('messages.loadError')} {errorMessage(query.error)}
        </Alert>
      )}
      <Box
        component="ol"
        aria-label={t('messages.listLabel')}
        sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, m: 0, p: 0 }}
      >
        {messages.map((message, i) => {
          const day = formatDate(message.createdAt);
          const newDay = i === 0 || formatDate(messages[i - 1]?.createdAt ?? '') !== day;
          return (
            <Fragment key={message.id}>
              {newDay && (
                <Box component="li" sx={{ listStyle: 'none', alignSelf: 'center', my: 1 }}>
                  <Chip size="small" label={day} sx={{ bgcolor: 'background.paper', boxShadow: 1 }} />
                </Box>
              )}
              <MessageBubble message={message} channel={channel} />
            </Fragment>
          );
        })}
      </Box>
      <ForwardBar ticketId={ticketId} />
    </Box>
  );
}
