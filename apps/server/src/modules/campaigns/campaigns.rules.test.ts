import { isCampaignEditable as isEditable } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import { requestedConnectionIds } from './campaigns.rules.js';

const now = new Date('2030-05-01T12:00:00Z');
const minutesAhead = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('isEditable', () => {
  test('INATIVA and CANCELADA are editable; running and finished campaigns are not', () => {
    expect(isEditable('INATIVA', null, now)).toBe(true);
    expect(isEditable('CANCELADA', minutesAhead(-600), now)).toBe(true);
    expect(isEditable('EM_ANDAMENTO', null, now)).toBe(false);
    expect(isEditable('FINALIZADA', null, now)).toBe(false);
  });

  test('PROGRAMADA only while its schedule is more than an hour ahead', () => {
    expect(isEditable('PROGRAMADA', minutesAhead(61), now)).toBe(true);
    expect(isEditable('PROGRAMADA', minutesAhead(60), now)).toBe(false);
    expect(isEditable('PROGRAMADA', null, now)).toBe(false);
  });
});

describe('requestedConnectionIds', () => {
  test('connectionIds win over whatsappId, and repeats collapse in order', () => {
    expect(requestedConnectionIds({ connectionIds: [3, 1, 3], whatsappId: '9' })).toEqual([3, 1]);
  });

  test('whatsappId is read as a number or a comma-separated list; empty means none', () => {
    expect(requestedConnectionIds({ whatsappId: 7 })).toEqual([7]);
    expect(requestedConnectionIds({ whatsappId: ' 4, 5 ,4' })).toEqual([4, 5]);
    expect(requestedConnectionIds({ whatsappId: '' })).toEqual([]);
    expect(requestedConnectionIds({})).toBeUndefined();
  });

  test('a token that is no id is bad input', () => {
    expect(requestedConnectionIds({ whatsappId: '1,x' })).toBeNull();
    expect(requestedConnectionIds({ whatsappId: '0' })).toBeNull();
    expect(requestedConnectionIds({ whatsappId: '99999999999' })).toBeNull();
  });
});
