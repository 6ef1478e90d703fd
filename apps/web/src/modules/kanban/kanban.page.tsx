import type { KanbanTicket } from '@balcao/shared';
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/error-message';
import { toast } from '../../shared/toast/toast.store';
import { PageHeader } from '../../shared/ui/page-header';
import { useKanbanLanes, useMoveCard } from './kanban.api';
import { type LaneKey, OPEN_LANE } from './kanban.keys';
import { useKanbanRealtime } from './kanban.realtime';
import { useDragAnnouncements } from './kanban-announcements';
import { KanbanCardView } from './kanban-card';
import { laneKeyboardCoordinates } from './kanban-keyboard';
import { KanbanLane } from './kanban-lane';

interface Dragged {
  card: KanbanTicket;
  lane: LaneKey;
}

/** /Kanban (spec 001 §2): "Em aberto" and one lane per lane tag; dragging a card moves it. */
export function KanbanPage() {
  const { t } = useTranslation();
  const lanes = useKanbanLanes();
  const tags = lanes.data ?? [];
  const moving = useRef(new Set<number>()).current;
  useKanbanRealtime(
    tags.map((tag) => tag.id),
    moving,
  );
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const accessibility = useDragAnnouncements(tags);
  // A small move before a drag starts: a click on the card's buttons stays a click.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );
  const move = useMoveCard(
    {
      removed: () => toast.success(t('kanban.toast.removed')),
      added: () => toast.success(t('kanban.toast.added')),
      failed: (error) => toast.apiError(error),
    },
    moving,
  );

  const start = (event: DragStartEvent) => setDragged((event.active.data.current as Dragged) ?? null);
  const end = (event: DragEndEvent) => {
    setDragged(null);
    const from = event.active.data.current as Dragged | undefined;
    const to = event.over?.id as LaneKey | undefined;
    if (!from || to === undefined || to === from.lane) return;
    move.mutate({ card: from.card, from: from.lane, to, lanes: tags });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('kanban.board.title')}>
        <Button component={Link} to="/TagsKanban" startIcon={<LocalOfferOutlinedIcon />}>
          {t('kanban.board.laneTags')}
        </Button>
      </PageHeader>
      {lanes.isPending && (
        <CircularProgress sx={{ m: 4, alignSelf: 'center' }} aria-label={t('common.loading')} />
      )}
      {lanes.error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(lanes.error)}
        </Alert>
      )}
      {lanes.isSuccess && (
        <DndContext
          sensors={sensors}
          accessibility={accessibility}
          onDragStart={start}
          onDragEnd={end}
          onDragCancel={() => setDragged(null)}
        >
          <Box
            sx={{ flex: 1, minHeight: 0, display: 'flex', gap: 1.5, overflowX: 'auto', p: { xs: 1, sm: 2 } }}
          >
            <KanbanLane lane={OPEN_LANE} />
            {tags.map((tag) => (
              <KanbanLane key={tag.id} lane={tag.id} tag={tag} />
            ))}
          </Box>
          <DragOverlay>{dragged && <KanbanCardView card={dragged.card} />}</DragOverlay>
        </DndContext>
      )}
    </Box>
  );
}
