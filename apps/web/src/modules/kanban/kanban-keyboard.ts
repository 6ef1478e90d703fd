import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/** How far into a lane a card lands: below its header, where the lane's cards start. */
const LANDING = { x: 8, y: 48 };

/**
 * Keyboard moves (Space picks a card up, arrows, Space drops it): left and right arrows jump to the
 * next lane rather than nudging the card a few pixels, so a move is one key press per lane.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const lanes = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  const middle = currentCoordinates.x + (context.collisionRect?.width ?? 0) / 2;
  const here = lanes.findIndex((rect) => middle >= rect.left && middle <= rect.right);
  const target = here === -1 ? undefined : lanes[here + step];
  return target && { x: target.left + LANDING.x, y: target.top + LANDING.y };
};
