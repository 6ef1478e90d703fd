import type { MomentCard as Card } from '@balcao/shared';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMinutes, minutesSince } from './dashboard.format';

/** One attendant's open tickets (or the waiting ones), longest first; a ticket opens in the inbox. */
export function MomentCard({ card, title, now }: { card: Card; title: string; now: number }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 1.5, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Avatar sx={{ width: 32, height: 32 }}>{title.slice(0, 1).toUpperCase()}</Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('moments.count', { count: card.count })}
            {card.oldestSince &&
              ` · ${t('moments.oldest', { time: formatMinutes(minutesSince(card.oldestSince, now)) })}`}
          </Typography>
        </Box>
        {card.userId !== null && (
          <Chip
            size="small"
            color={card.online ? 'success' : 'default'}
            label={card.online ? t('dashboard.attendants.online') : t('dashboard.attendants.offline')}
          />
        )}
      </Stack>
      {card.tickets.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('moments.empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {card.tickets.map((ticket) => (
            <ListItem key={ticket.id} disablePadding>
              <ListItemButton component={RouterLink} to={`/tickets/${ticket.uuid}`}>
                <ListItemText
                  primary={ticket.contactName}
                  secondary={[
                    ticket.queueName ?? t('moments.noQueue'),
                    formatMinutes(minutesSince(ticket.since, now)),
                  ].join(' · ')}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
