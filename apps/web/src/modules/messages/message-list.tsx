import type { Channel, Message } from '@balcao/shared';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import { keyframes } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { formatDate } from '../../shared/format';
import { visuallyHidden } from '../../shared/ui/responsive';
import { ForwardBar } from './forward-bar';
import { MessageBubble } from './message-bubble';
import { useMessageKeys } from './message-keys';
import { useMessages } from './messages.api';
import { flattenMessagePages } from './messages.cache';

/** Spec 000 §9: older messages load once the top is within 50 px; newer ones (opened at a search hit) likewise at the bottom. */
const OLDER_PAGE_PX = 50;
/** Within this distance of the bottom the reader is following the conversation, and new messages keep it there. */
const FOLLOW_PX = 120;

interface ScrollMemo {
  firstId?: number;
  lastId?: number;
  scrollHeight: number;
  following: boolean;
  /** Newer pages were still to load: a new last message is such a page, added below the reader. */
  hadNewer: boolean;
}

/**
 * Keeps the view where a reader expects it: at the bottom on open (or on the searched message, in
 * the middle) and while following new messages, and on the same message when older pages are added
 * above.
 */
function useScrollKeeper(messages: Message[], target: number | undefined, hasNewer: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const memo = useRef<ScrollMemo>({ scrollHeight: 0, following: target === undefined, hadNewer: false });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const before = memo.current;
    const first = messages[0]?.id;
    const last = messages.at(-1);
    const targetEl = target === undefined ? null : el.querySelector(`[data-message-id="${target}"]`);
    if (before.lastId === undefined && targetEl) {
      targetEl.scrollIntoView?.({ block: 'center' });
    } else if (
      before.lastId === undefined ||
      (last?.id !== before.lastId && !before.hadNewer && (before.following || last?.fromMe))
    ) {
      el.scrollTop = el.scrollHeight;
    } else if (first !== before.firstId && last?.id === before.lastId) {
      el.scrollTop += el.scrollHeight - before.scrollHeight;
    }
    memo.current = {
      firstId: first,
      lastId: last?.id,
      scrollHeight: el.scrollHeight,
      following: before.following,
      hadNewer: hasNewer,
    };
  }, [messages, target, hasNewer]);

  const remember = () => {
    const el = ref.current;
    if (el)
      memo.current.following = !hasNewer && el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX;
  };
  return { ref, remember };
}

/** The match the conversation was opened at: marked for as long as it is shown, flashed once. */
const flash = keyframes`
  from { background-color: var(--match-color); }
  to { background-color: transparent; }
`;

interface Props {
  ticketId: number;
  channel: Channel;
  /** A message to open the conversation at (a search hit), instead of the newest. */
  around?: number | undefined;
  /** The keyboard moves into the conversation once it shows (the ticket was just opened). */
  focusOnOpen?: boolean;
}

/**
 * A conversation opened at another message starts over: its own pages, its own scroll. "Latest"
 * leaves the search hit for the newest messages, as a chat opened from the list shows them.
 */
export function MessageList({ around, ...props }: Props) {
  const [at, setAt] = useState(around);
  useEffect(() => setAt(around), [around]);
  return (
    <Conversation
      key={`${props.ticketId}:${at ?? ''}`}
      {...props}
      around={at}
      onLatest={() => setAt(undefined)}
    />
  );
}

function Conversation({
  ticketId,
  channel,
  around,
  focusOnOpen = false,
  onLatest,
}: Props & { onLatest: () => void }) {
  const { t } = useTranslation();
  const query = useMessages(ticketId, around);
  const messages = flattenMessagePages(query.data);
  const scroll = useScrollKeeper(messages, around, query.hasPreviousPage);
  const list = useRef<HTMLOListElement>(null);
  const keys = useMessageKeys(
    list,
    messages.map((message) => message.id),
    around,
    focusOnOpen,
  );
  const hintId = useId();

  const onScroll = () => {
    scroll.remember();
    const el = scroll.ref.current;
    if (!el || query.isFetching) return;
    if (el.scrollTop < OLDER_PAGE_PX && query.hasNextPage) void query.fetchNextPage();
    else if (el.scrollHeight - el.scrollTop - el.clientHeight < OLDER_PAGE_PX && query.hasPreviousPage)
      void query.fetchPreviousPage();
  };

  return (
    <Box
      ref={scroll.ref}
      onScroll={onScroll}
      aria-busy={query.isPending || query.isFetchingNextPage || query.isFetchingPreviousPage}
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
        ref={list}
        aria-label={t('messages.listLabel')}
        aria-describedby={hintId}
        onFocus={keys.onFocus}
        onKeyDown={keys.onKeyDown}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 0.75,
          m: 0,
          p: 0,
          '& > [data-search-match]': {
            '--match-color': (theme) => theme.palette.warning.light,
            borderRadius: 2,
            animation: `${flash} 3s ease-out`,
            '@media (prefers-reduced-motion: reduce)': {
              animation: 'none',
              outline: 2,
              outlineColor: 'warning.main',
            },
          },
        }}
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
              <MessageBubble
                message={message}
                channel={channel}
                match={message.id === around}
                tabIndex={message.id === keys.active ? 0 : -1}
              />
            </Fragment>
          );
        })}
      </Box>
      <Box id={hintId} sx={visuallyHidden}>
        {t('messages.listHint')}
      </Box>
      {query.isFetchingPreviousPage && (
        <CircularProgress size={24} sx={{ display: 'block', mx: 'auto', my: 1 }} />
      )}
      {query.hasPreviousPage && (
        // Sticky at the bottom: newer messages (and any sent or received meanwhile) are below the loaded ones.
        <Box sx={{ position: 'sticky', bottom: 8, display: 'flex', justifyContent: 'flex-end', height: 0 }}>
          <Tooltip title={t('messages.toLatest')}>
            <Fab size="small" aria-label={t('messages.toLatest')} onClick={onLatest} sx={{ mt: -6 }}>
              <KeyboardArrowDownIcon />
            </Fab>
          </Tooltip>
        </Box>
      )}
      <ForwardBar ticketId={ticketId} />
    </Box>
  );
}
