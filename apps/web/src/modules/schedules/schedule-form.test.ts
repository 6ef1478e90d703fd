import { describe, expect, test } from 'vitest';
import { defaultSendAt, fromLocalInput, isEditable, scheduleForm, toLocalInput } from './schedule-form';

describe('schedule form', () => {
  test('proposes a time one hour ahead, in local wall time', () => {
    const now = new Date(2026, 10, 23, 13, 5);
    expect(defaultSendAt(now)).toBe('2026-11-23T14:05');
  });

  test('a local input round-trips to the same instant', () => {
    const instant = new Date(2026, 0, 2, 3, 4).toISOString();
    expect(fromLocalInput(toLocalInput(instant))).toBe(instant);
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
