import type { Ticket } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import { buildTicket } from '../../../test/fixtures';
import { isWritable, messageToSend, metaWindow } from './composer-rules';

const now = Date.parse('2026-03-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(now - h * 3600_000).toISOString();

describe('composer rules', () => {
  test('blank text is never sent, and text is sent trimmed', () => {
    expect(messageToSend('   \n  ', true, 4096)).toBeUndefined();
    expect(messageToSend('  Olá  ', true, 4096)).toBe('Olá');
  });

  test('nothing is sent on a ticket that is not open or group, nor past the limit', () => {
    expect(messageToSend('Olá', false, 4096)).toBeUndefined();
    expect(messageToSend('x'.repeat(11), true, 10)).toBeUndefined();
    expect(['pending', 'closed', 'open', 'group'].map((status) => isWritable({ status } as never))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  test('a Cloud API conversation past 24 hours takes only templates; Messenger and Instagram close after 7 days', () => {
    const window = (channel: Ticket['channel'], at: string | null) =>
      metaWindow(buildTicket({ channel, lastCustomerMessageAt: at }), now);

    expect(window('whatsappapi', hoursAgo(23))).toBe('open');
    expect(window('whatsappapi', hoursAgo(25))).toBe('template');
    expect(window('whatsappapi', null)).toBe('template');
    expect(window('facebook', hoursAgo(30))).toBe('open');
    expect(window('instagram', hoursAgo(6 * 24 + 23))).toBe('open');
    expect(window('facebook', hoursAgo(7 * 24 + 1))).toBe('closed');
    expect(window('instagram', null)).toBe('closed');
    expect(window('whatsapp', hoursAgo(48))).toBe('open');
    expect(window('webchat', null)).toBe('open');
  });
});
