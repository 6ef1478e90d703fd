import { describe, expect, test } from 'vitest';
import { defaultSendAt, fromLocalInput, isEditable, scheduleForm, toLocalInput } from './schedule-form';

describe('schedule form', () => {
  test("proposes a time one hour ahead, on the company's clock", () => {
    const now = new Date('2026-11-23T16:05:00Z');
    expect(defaultSendAt('America/Sao_Paulo', now)).toBe('2026-11-23T14:05');
    expect(defaultSendAt('Asia/Tokyo', now)).toBe('2026-11-24T02:05');
  });

  test("the typed time is the company's wall time, whatever the browser's zone", () => {
    expect(fromLocalInput('2026-11-23T14:05', 'America/Sao_Paulo')).toBe('2026-11-23T17:05:00.000Z');
    const instant = '2026-01-02T03:04:00.000Z';
    expect(fromLocalInput(toLocalInput(instant, 'Asia/Tokyo'), 'Asia/Tokyo')).toBe(instant);
  });

  test('refuses a short body, no contact and no time with the spec messages', () => {
    const result = scheduleForm.safeParse({ body: 'Oi', contactId: 0, sendAt: '' });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(fields).toEqual({ body: 'messageTooShort', contactId: 'required', sendAt: 'required' });
  });

  test('only a sent schedule is read-only', () => {
    expect([isEditable('PENDENTE'), isEditable('ERRO'), isEditable('ENVIADA')]).toEqual([true, true, false]);
  });
});
