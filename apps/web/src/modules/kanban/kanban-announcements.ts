import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { OPEN_LANE } from './kanban.keys';

/** What a screen reader hears while a card is moved with the keyboard, in the interface language. */
export function useDragAnnouncements(lanes: readonly { id: number; name: string }[]) {
  const { t } = useTranslation();
  const laneName = (id: UniqueIdentifier | undefined) =>
    id === OPEN_LANE ? t('kanban.board.openLane') : (lanes.find((lane) => lane.id === id)?.name ?? '');
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('kanban.drag.start', { id: active.id }),
    onDragOver: ({ active, over }) =>
      over ? t('kanban.drag.over', { id: active.id, lane: laneName(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('kanban.drag.end', { id: active.id, lane: laneName(over.id) })
        : t('kanban.drag.cancel', { id: active.id }),
    onDragCancel: ({ active }) => t('kanban.drag.cancel', { id: active.id }),
  };
  return { announcements, screenReaderInstructions: { draggable: t('kanban.drag.instructions') } };
}
