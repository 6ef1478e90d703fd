import type { TagRef } from '@balcao/shared';
import { useDroppable } from '@dnd-kit/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { useLaneCards } from './kanban.api';
import { type LaneKey, OPEN_LANE } from './kanban.keys';
import { KanbanCard } from './kanban-card';

const OPEN_COLOR = '#9e9e9e';

/** One column: the lane's colour and name, its cards newest first, and "load more" at its end. */
export function KanbanLane({ lane, tag }: { lane: LaneKey; tag?: TagRef }) {
  const { t } = useTranslation();
  const cards = useLaneCards(lane);
  const { setNodeRef, isOver } = useDroppable({ id: lane });
  const color = tag?.color ?? OPEN_COLOR;
  const name = lane === OPEN_LANE ? t('kanban.board.openLane') : (tag?.name ?? '');
  const shown = cards.data?.pages.flatMap((page) => page.tickets) ?? [];

  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-label={name}
      variant="outlined"
      sx={{
        width: 280,
        flex: '0 0 280px',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        borderTop: `4px solid ${color}`,
        bgcolor: isOver ? 'action.hover' : 'background.default',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1 }}>
        <Typography variant="subtitle1" component="h2" noWrap sx={{ flex: 1, fontWeight: 600 }}>
          {name}
        </Typography>
        <Typography variant="caption" color="text.secondary" aria-label={t('kanban.board.count')}>
          {cards.hasNextPage ? `${shown.length}+` : shown.length}
        </Typography>
      </Box>
      <Box
        sx={{ flex: 1, overflowY: 'auto', px: 1, pb: 1, display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {cards.isPending && (
          <CircularProgress size={24} sx={{ alignSelf: 'center', my: 2 }} aria-label={t('common.loading')} />
        )}
        {cards.error && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void cards.refetch()}>
                {t('common.actions.retry')}
              </Button>
            }
          >
            {errorMessage(cards.error)}
          </Alert>
        )}
        {cards.isSuccess && shown.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 2 }}>
            {t('kanban.board.emptyLane')}
          </Typography>
        )}
        {shown.map((card) => (
          <KanbanCard key={card.id} card={card} lane={lane} />
        ))}
        {cards.hasNextPage && (
          <Button onClick={() => void cards.fetchNextPage()} disabled={cards.isFetchingNextPage}>
            {t('kanban.board.loadMore')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
