import { planAllows } from '@balcao/shared';
import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import Badge from '@mui/material/Badge';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../shared/session/session-user';
import { useUnreadChats } from './chats.api';
import { myCounts } from './chats.cache';
import { useChatsRealtime } from './chats.realtime';

/** The top bar's internal chat: the count of unread messages, and the chats holding them. */
export function ChatsPopover() {
  const me = useSessionUser();
  return planAllows(me.company.plan, 'useInternalChat') ? <UnreadChats /> : null;
}

function UnreadChats() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  useChatsRealtime();
  const unread = useUnreadChats(true);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const chats = (unread.data?.records ?? []).filter((chat) => myCounts(chat, me.id).unreads > 0);
  const count = chats.reduce((sum, chat) => sum + myCounts(chat, me.id).unreads, 0);
  const label = t('chats.popover.label', { count });

  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(event) => setAnchor(event.currentTarget)}>
          <Badge badgeContent={count} color="error" invisible={count === 0} max={99}>
            <QuestionAnswerOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 320, maxWidth: 'calc(100vw - 16px)', maxHeight: 420 } } }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
          {t('chats.popover.title')}
        </Typography>
        {chats.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {unread.isError ? t('chats.popover.loadError') : t('chats.popover.empty')}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={t('chats.popover.title')}>
            {chats.map((chat) => {
              const mine = myCounts(chat, me.id);
              return (
                <ListItem key={chat.id} disablePadding>
                  <ListItemButton
                    onClick={() => {
                      setAnchor(null);
                      navigate(`/chats/${chat.uuid}`);
                    }}
                  >
                    <ListItemText
                      primary={chat.title}
                      secondary={chat.lastMessage}
                      slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                    />
                    {mine.mentions > 0 && (
                      <Chip
                        size="small"
                        color="secondary"
                        label={`@${mine.mentions}`}
                        aria-label={t('chats.popover.mentions', { count: mine.mentions })}
                        sx={{ ml: 1 }}
                      />
                    )}
                    <Chip size="small" color="error" label={mine.unreads} sx={{ ml: 1 }} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </Popover>
    </>
  );
}
