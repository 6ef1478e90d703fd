import { describe, expect, test } from 'vitest';
import { plantaoForm, plantaoFormValues } from './plantao.form';

const messages = (input: unknown) => {
  const result = plantaoForm.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the on-duty dialog form', () => {
  test('a new record asks for the user, the phone and one weekday, and keeps the default interval', () => {
    const fresh = plantaoFormValues(null);

    expect(fresh.interval).toBe('1');
    expect(fresh.days).toHaveLength(7);
    expect(messages(fresh)).toEqual({ userId: 'plantaoUser', phone: 'plantaoPhone', days: 'plantaoOneDay' });
  });

  test('a cleared interval is asked for, and half a weekday asks for its other end', () => {
    const input = plantaoFormValues(null);
    input.userId = 3;
    input.phone = '5511988887777';
    input.interval = '';
    input.days[0] = { weekdayEn: 'monday', startTime: '08:00', endTime: '' };
    input.days[1] = { weekdayEn: 'tuesday', startTime: '', endTime: '18:00' };
    input.days[2] = { weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' };

    expect(messages(input)).toEqual({
      interval: 'plantaoInterval',
      'days.0.endTime': 'plantaoEnd',
      'days.1.startTime': 'plantaoStart',
    });
  });

  test('a complete record parses to the body the server takes', () => {
    const input = plantaoFormValues(null);
    input.userId = '3';
    input.phone = '+55 11 98888-7777';
    input.interval = '15';
    input.days[6] = { weekdayEn: 'sunday', startTime: '22:00', endTime: '06:00' };

    const parsed = plantaoForm.parse(input);

    expect(parsed).toMatchObject({ userId: 3, phone: '5511988887777', interval: 15 });
    expect(parsed.days[6]).toMatchObject({ startTime: '22:00', endTime: '06:00' });
  });
});
