import { describe, expect, test } from 'vitest';
import { buildTicket } from '../../../test/fixtures';
import { isWritable, messageToSend, outsideMetaWindow } from './composer-rules';

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

  test('the 24-hour notice shows on Meta channels once the last customer message is older than a day', () => {
    const meta = (channel: 'whatsappapi' | 'facebook' | 'instagram', at: string | null) =>
      outsideMetaWindow(buildTicket({ channel, lastCustomerMessageAt: at }), now);

    expect(meta('whatsappapi', hoursAgo(23))).toBe(false);
    expect(meta('whatsappapi', hoursAgo(25))).toBe(true);
    expect(meta('facebook', hoursAgo(30))).toBe(true);
    expect(meta('instagram', null)).toBe(true);
    expect(
      outsideMetaWindow(buildTicket({ channel: 'whatsapp', lastCustomerMessageAt: hoursAgo(48) }), now),
    ).toBe(false);
    expect(outsideMetaWindow(buildTicket({ channel: 'webchat', lastCustomerMessageAt: null }), now)).toBe(
      false,
    );
  });
});
