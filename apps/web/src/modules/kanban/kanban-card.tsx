import type { KanbanTicket } from '@balcao/shared';
import { useDraggable } from '@dnd-kit/core';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LaneKey } from './kanban.keys';

/** Spec 001 §2: ticket number, contact name and number, last message, and a button to open it. */
export function KanbanCardView({ card, handle }: { card: KanbanTicket; handle?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="caption" color="text.secondary">
          #{card.id}
        </Typography>
        <Typography variant="subtitle2" component="h3" noWrap sx={{ flex: 1, minWidth: 0 }}>
          {card.contact.name}
        </Typography>
        {handle}
      </Box>
      {card.contact.number && (
        <Typography variant="body2" color="text.secondary">
          {card.contact.number}
        </Typography>
      )}
      <Typography
        variant="body2"
        sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
      >
        {card.lastMessage || t('kanban.card.noMessage')}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button size="small" component={Link} to={`/tickets/${card.uuid}`}>
          {t('kanban.card.open')}
        </Button>
      </Box>
    </Paper>
  );
}

/** A card the user drags by its handle, with the mouse or the keyboard (Space, arrows, Space). */
export function KanbanCard({ card, lane }: { card: KanbanTicket; lane: LaneKey }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: card.id,
    data: { card, lane },
  });
  return (
    <Box ref={setNodeRef} data-testid={`kanban-card-${card.id}`} sx={{ opacity: isDragging ? 0.4 : 1 }}>
      <KanbanCardView
        card={card}
        handle={
          <IconButton
            size="small"
            {...attributes}
            {...listeners}
            aria-label={t('kanban.card.move', { id: card.id })}
            sx={{ cursor: 'grab', touchAction: 'none' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        }
      />
    </Box>
  );
}
