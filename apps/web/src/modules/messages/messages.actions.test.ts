import { describe, expect, test } from 'vitest';
import { buildMessage } from '../../test/fixtures';
import { canDelete, canEdit, canForward, groupReactions } from './messages.actions';

const updatedAt = '2026-01-01T12:00:00.000Z';
const at = (minutes: number) => Date.parse(updatedAt) + minutes * 60_000;
const mine = buildMessage({ fromMe: true, userId: 7, updatedAt });

describe('message actions', () => {
  test('the sender edits within 15 minutes of the last update, not after', () => {
    expect(canEdit(mine, 7, at(15), 'whatsapp')).toBe(true);
    expect(canEdit(mine, 7, at(15.01), 'whatsapp')).toBe(false);
  });

  test('nobody else edits or deletes, and a deleted message neither', () => {
    expect(canEdit(mine, 8, at(1), 'webchat')).toBe(false);
    expect(canDelete(mine, 8, 'webchat')).toBe(false);
    expect(canDelete(buildMessage({ fromMe: false, userId: 7 }), 7, 'webchat')).toBe(false);
    expect(canDelete({ ...mine, isDeleted: true }, 7, 'webchat')).toBe(false);
    expect(canDelete(mine, 7, 'webchat')).toBe(true);
  });

  test('on the Cloud API, Messenger and Instagram a sent message stays as sent; a private note still changes', () => {
    for (const channel of ['whatsappapi', 'facebook', 'instagram'] as const) {
      expect(canEdit(mine, 7, at(1), channel)).toBe(false);
      expect(canDelete(mine, 7, channel)).toBe(false);
      expect(canEdit({ ...mine, isPrivate: true }, 7, at(1), channel)).toBe(true);
      expect(canDelete({ ...mine, isPrivate: true }, 7, channel)).toBe(true);
    }
  });

  test('private notes are not forwarded', () => {
    expect(canForward({ ...mine, isPrivate: true })).toBe(false);
    expect(canForward(mine)).toBe(true);
  });

  test("reactions group by emoji, counting each and marking the viewer's own", () => {
    const reactions = [
      { emoji: '👍', userId: 1 },
      { emoji: '❤️', userId: 2 },
      { emoji: '👍', userId: 7 },
    ];
    expect(groupReactions(reactions, 7)).toEqual([
      { emoji: '👍', count: 2, mine: true },
      { emoji: '❤️', count: 1, mine: false },
    ]);
    expect(groupReactions(undefined, 7)).toEqual([]);
  });
});
