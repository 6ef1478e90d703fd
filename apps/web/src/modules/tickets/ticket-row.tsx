import { plainFromWhatsapp, type Ticket, type TicketSearchMatch } from '@balcao/shared';
import CloseIcon from '@mui/icons-material/Close';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatListTime, truncate } from '../../shared/format';
import { ChannelIcon } from '../connections/channel-icon';
import { ContactAvatar } from './contact-avatar';
import { SearchSnippet } from './search-snippet';

/** Every row is this tall, which lets the list draw only the rows in view. */
export const TICKET_ROW_HEIGHT = 96;

/** Spec 000 §2: names and previews are cut at 30 characters. */
const CUT = 30;
const NO_QUEUE_COLOR = '#9e9e9e';

interface Props {
  ticket: Ticket;
  /** A search found the ticket by this message: its text (the match marked) takes the preview's place. */
  match?: TicketSearchMatch | undefined;
  /** Where the row sits in the whole list: only some rows are drawn, screen readers still count them all. */
  position: { index: number; of: number };
  selected: boolean;
  /** Admins see whose ticket it is. */
  showAgent: boolean;
  accepting: boolean;
  onOpen: (ticket: Ticket, match?: TicketSearchMatch) => void;
  onAccept: (ticket: Ticket) => void;
  /** Close a waiting ticket without taking it (spec 000 §4 ignore). */
  onIgnore: (ticket: Ticket) => void;
}

export function TicketRow({
  ticket,
  match,
  position,
  selected,
  showAgent,
  accepting,
  onOpen,
  onAccept,
  onIgnore,
}: Props) {
  const { t } = useTranslation();
  const pending = ticket.status === 'pending';
  const [firstTag, ...otherTags] = ticket.tags;
  // The open chat is being read: its count is about to be cleared by the server.
  const unread = selected ? 0 : ticket.unreadMessages;
  return (
    <ListItem
      aria-setsize={position.of}
      aria-posinset={position.index}
      disablePadding
      divider
      secondaryAction={
        pending && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Tooltip title={t('tickets.actions.ignore')}>
              <IconButton
                size="small"
                aria-label={t('tickets.actions.ignore')}
                disabled={accepting}
                onClick={() => onIgnore(ticket)}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Button
              size="small"
              variant="contained"
              loading={accepting}
              onClick={() => onAccept(ticket)}
              sx={{ py: 0.25, minHeight: 26 }}
            >
              {t('tickets.actions.accept')}
            </Button>
          </Box>
        )
      }
      sx={{
        height: TICKET_ROW_HEIGHT,
        overflow: 'hidden',
        // The Accept button sits over the row's last line, which leaves room for it.
        '& > .MuiListItemButton-root': { pr: 1.5 },
        '& .MuiListItemSecondaryAction-root': { right: 12, top: 'auto', bottom: 8, transform: 'none' },
      }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          left: 0,
          top: 0,
          bottom: 0,
          width: 4,
          bgcolor: ticket.queue?.color ?? NO_QUEUE_COLOR,
        }}
      />
      <ListItemButton
        selected={selected}
        onClick={() => onOpen(ticket, match)}
        aria-current={selected ? 'true' : undefined}
        sx={{ gap: 1.5, alignItems: 'flex-start', pl: 2, pr: 1.5, py: 1.25, height: '100%' }}
      >
        <ContactAvatar name={ticket.contact.name} picture={ticket.contact.profilePicUrl} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            {/* A level under the list's h1, as the open chat's name beside it. */}
            <Typography variant="subtitle2" component="h2" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {truncate(ticket.contact.name, CUT)}
            </Typography>
            <Typography
              variant="caption"
              sx={{ color: unread ? 'success.main' : 'text.secondary', flexShrink: 0 }}
            >
              {formatListTime(ticket.lastMessageAt ?? ticket.updatedAt)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 22 }}>
            <Typography
              variant="body2"
              noWrap
              title={match?.snippet}
              sx={{ flex: 1, minWidth: 0, color: 'text.secondary' }}
            >
              {/* The preview as the chat shows it: WhatsApp's marks are formatting, not text. */}
              {match ? <SearchSnippet match={match} /> : truncate(plainFromWhatsapp(ticket.lastMessage), CUT)}
            </Typography>
            <Badge
              badgeContent={unread}
              color="success"
              max={99}
              aria-label={unread ? t('tickets.list.unread', { count: unread }) : undefined}
              sx={{ mr: 1.5, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
            />
          </Box>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.75,
              mt: 0.5,
              minHeight: 24,
              pr: pending ? 14 : 0,
            }}
          >
            <ChannelIcon channel={ticket.channel} fontSize="small" />
            <Typography variant="caption" noWrap sx={{ color: 'text.secondary', minWidth: 0 }}>
              #{ticket.id}
            </Typography>
            {firstTag && (
              <Chip
                size="small"
                label={otherTags.length ? `${firstTag.name} +${otherTags.length}` : firstTag.name}
                sx={{ height: 20, maxWidth: 120, fontSize: 11, bgcolor: firstTag.color, color: '#fff' }}
              />
            )}
            {ticket.status === 'nps' && (
              <Chip
                size="small"
                color="info"
                variant="outlined"
                label={t('tickets.list.awaitingRating')}
                sx={{ height: 20, fontSize: 11 }}
              />
            )}
            {ticket.arrivedOffline && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t('connections.session.arrivedOffline')}
                sx={{ height: 20, fontSize: 11 }}
              />
            )}
            {showAgent && ticket.user && (
              <Chip
                size="small"
                variant="outlined"
                label={ticket.user.name}
                sx={{ height: 20, maxWidth: 140, borderColor: ticket.user.color, fontSize: 11 }}
              />
            )}
          </Box>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
