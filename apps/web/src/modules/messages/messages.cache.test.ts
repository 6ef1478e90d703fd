import type { Message } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import { buildMessage } from '../../test/fixtures';
import { flattenMessagePages, type MessagePages, withMessage } from './messages.cache';

/** Pages as the server answers them: page 1 the newest, each oldest first. */
function pagesOf(...pages: Message[][]): MessagePages {
  return {
    pages: pages.map((messages, i) => ({
      messages,
      hasMore: i < pages.length - 1,
      nextCursor: i < pages.length - 1 ? `cursor-${i}` : null,
      newerCursor: null,
      ticket: undefined as never,
    })),
    pageParams: pages.map((_p, i) => i + 1),
  };
}

const ids = (data: MessagePages) => flattenMessagePages(data).map((m) => m.id);

describe('withMessage', () => {
  test('a new message goes to the bottom of the conversation', () => {
    const data = pagesOf([buildMessage({ id: 3 }), buildMessage({ id: 4 })], [buildMessage({ id: 1 })]);

    expect(ids(withMessage(data, buildMessage({ id: 5 })))).toEqual([1, 3, 4, 5]);
  });

  test('opened at a search hit with newer pages unloaded, a new message waits for them', () => {
    const data = pagesOf([buildMessage({ id: 3 })]);
    const atHit = { ...data, pages: data.pages.map((p) => ({ ...p, newerCursor: 'newer' })) };

    expect(ids(withMessage(atHit, buildMessage({ id: 9 })))).toEqual([3]);
    expect(flattenMessagePages(withMessage(atHit, buildMessage({ id: 3, body: 'edited' })))[0]?.body).toBe(
      'edited',
    );
  });

  test('an ack update replaces the message in place', () => {
    const data = pagesOf([buildMessage({ id: 1, fromMe: true, ack: 1 }), buildMessage({ id: 2 })]);

    const next = withMessage(data, buildMessage({ id: 1, fromMe: true, ack: 3 }));

    expect(flattenMessagePages(next).map((m) => [m.id, m.ack])).toEqual([
      [1, 3],
      [2, 0],
    ]);
  });

  test('a late send answer does not take the ack back', () => {
    const data = pagesOf([buildMessage({ id: 1, fromMe: true, ack: 2 })]);

    const next = withMessage(data, buildMessage({ id: 1, fromMe: true, ack: 0 }));

    expect(flattenMessagePages(next)[0]?.ack).toBe(2);
  });

  test('a failure replaces a pending message with its reason', () => {
    const data = pagesOf([buildMessage({ id: 1, fromMe: true, ack: 0 })]);

    const next = withMessage(data, buildMessage({ id: 1, ack: -1, failedReason: 'ERR_SENDING_WAPP_MSG' }));

    expect(flattenMessagePages(next)[0]).toMatchObject({ ack: -1, failedReason: 'ERR_SENDING_WAPP_MSG' });
  });

  test('an update without reactions keeps the shown ones; one with reactions replaces them', () => {
    const reactions = [{ emoji: '👍', userId: 7 }];
    const data = pagesOf([buildMessage({ id: 1, fromMe: true, ack: 1, reactions })]);

    const acked = withMessage(data, buildMessage({ id: 1, fromMe: true, ack: 2 }));
    const cleared = withMessage(acked, buildMessage({ id: 1, fromMe: true, ack: 2, reactions: [] }));

    expect(flattenMessagePages(acked)[0]?.reactions).toEqual(reactions);
    expect(flattenMessagePages(cleared)[0]?.reactions).toEqual([]);
  });
});

test('an older page that repeats a message received live shows it once, oldest first', () => {
  const data = pagesOf(
    [buildMessage({ id: 3 }), buildMessage({ id: 4 })],
    [buildMessage({ id: 1 }), buildMessage({ id: 2 }), buildMessage({ id: 3 })],
  );

  expect(ids(data)).toEqual([1, 2, 3, 4]);
});
