import type { ClientRect, UniqueIdentifier } from '@dnd-kit/core';
import { describe, expect, test } from 'vitest';
import { laneKeyboardCoordinates } from './kanban-keyboard';

const rect = (left: number): ClientRect => ({
  left,
  right: left + 280,
  width: 280,
  top: 100,
  bottom: 700,
  height: 600,
});
const lanes = new Map<UniqueIdentifier, ClientRect>([
  [2, rect(600)],
  ['open', rect(0)],
  [1, rect(300)],
]);

function press(code: string, x: number) {
  const event = new KeyboardEvent('keydown', { code });
  const context = { droppableRects: lanes, collisionRect: { ...rect(x), height: 120, bottom: 220 } };
  return laneKeyboardCoordinates(event, {
    active: 7,
    currentCoordinates: { x, y: 150 },
    context: context as unknown as Parameters<typeof laneKeyboardCoordinates>[1]['context'],
  });
}

describe('keyboard moves between lanes', () => {
  test('an arrow to the right lands in the next lane by position, whatever the order lanes were measured in', () => {
    expect(press('ArrowRight', 8)).toEqual({ x: 308, y: 148 });
    expect(press('ArrowRight', 308)).toEqual({ x: 608, y: 148 });
  });

  test('an arrow to the left goes back a lane; past either end nothing moves', () => {
    expect(press('ArrowLeft', 608)).toEqual({ x: 308, y: 148 });
    expect(press('ArrowLeft', 8)).toBeUndefined();
    expect(press('ArrowRight', 608)).toBeUndefined();
  });

  test('up and down keys do not move a card out of its lane', () => {
    expect(press('ArrowDown', 8)).toBeUndefined();
  });
});
