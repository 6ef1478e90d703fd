import type { Ticket } from '@balcao/shared';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatListTime, truncate } from '../../shared/format';
import { ChannelIcon } from '../connections/channel-icon';
import { ContactAvatar } from './contact-avatar';

/** Spec 000 §2: names and previews are cut at 30 characters. */
const CUT = 30;
const NO_QUEUE_COLOR = '#9e9e9e';

interface Props {
  ticket: Ticket;
  selected: boolean;
  /** Admins see whose ticket it is. */
  showAgent: boolean;
  accepting: boolean;
  onOpen: (ticket: Ticket) => void;
  onAccept: (ticket: Ticket) => void;
}

export function TicketRow({ ticket, selected, showAgent, accepting, onOpen, onAccept }: Props) {
  const { t } = useTranslation();
  const pending = ticket.status === 'pending';
  const [firstTag, ...otherTags] = ticket.tags;
  // The open chat is being read: its count is about to be cleared by the server.
  const unread = selected ? 0 : ticket.unreadMessages;
  return (
    <ListItem
      disablePadding
      divider
      secondaryAction={
        pending && (
          <Button
            size="small"
            variant="contained"
            loading={accepting}
            onClick={() => onAccept(ticket)}
            sx={{ py: 0.25, minHeight: 26 }}
          >
            {t('tickets.actions.accept')}
          </Button>
        )
      }
      sx={{
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
        onClick={() => onOpen(ticket)}
        aria-current={selected ? 'true' : undefined}
        sx={{ gap: 1.5, alignItems: 'flex-start', pl: 2, pr: 1.5, py: 1.25 }}
      >
        <ContactAvatar name={ticket.contact.name} picture={ticket.contact.profilePicUrl} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }}>
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
            <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0, color: 'text.secondary' }}>
              {truncate(ticket.lastMessage, CUT)}
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
              pr: pending ? 10 : 0,
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
