import type { Campaign } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import { campaignBody, dialogMode, formValues, variableTokens } from './campaign-form';

const now = new Date('2031-03-04T12:00:00Z');
const minutesAhead = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 7,
    name: 'Páscoa',
    status: 'INATIVA',
    confirmation: false,
    contactListId: 3,
    contactList: { id: 3, name: 'Clientes' },
    tagListId: null,
    connectionIds: [1, 2],
    whatsappId: '1,2',
    connections: [
      { id: 1, name: 'Loja' },
      { id: 2, name: 'Site' },
    ],
    scheduledAt: null,
    completedAt: null,
    mediaPath: null,
    mediaName: null,
    message1: 'Olá {nome}',
    message2: '',
    message3: '',
    message4: '',
    message5: '',
    confirmationMessage1: '',
    confirmationMessage2: '',
    confirmationMessage3: '',
    confirmationMessage4: '',
    confirmationMessage5: '',
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    ...overrides,
  };
}

describe('dialogMode', () => {
  test('a new campaign and an INATIVA one are edited in full', () => {
    expect(dialogMode(null, now)).toBe('edit');
    expect(dialogMode(campaign(), now)).toBe('edit');
  });

  test('a PROGRAMADA campaign turns read-only within the hour before its schedule', () => {
    expect(dialogMode(campaign({ status: 'PROGRAMADA', scheduledAt: minutesAhead(90) }), now)).toBe('edit');
    expect(dialogMode(campaign({ status: 'PROGRAMADA', scheduledAt: minutesAhead(30) }), now)).toBe(
      'readOnly',
    );
  });

  test('a CANCELADA campaign keeps only its messages editable; running and finished ones nothing', () => {
    expect(dialogMode(campaign({ status: 'CANCELADA' }), now)).toBe('messagesOnly');
    expect(dialogMode(campaign({ status: 'EM_ANDAMENTO' }), now)).toBe('readOnly');
    expect(dialogMode(campaign({ status: 'FINALIZADA' }), now)).toBe('readOnly');
  });
});

describe('the form and the body it sends', () => {
  test('the schedule is typed on the company clock and sent as an instant; blanks become null', () => {
    const form = { ...formValues(null, 'America/Sao_Paulo'), name: 'Natal', connectionIds: [1] };

    const scheduled = campaignBody({ ...form, scheduledAt: '2031-12-24T09:00' }, 'America/Sao_Paulo');
    const unscheduled = campaignBody(form, 'America/Sao_Paulo');

    expect(scheduled).toMatchObject({
      scheduledAt: '2031-12-24T12:00:00.000Z',
      contactListId: null,
      tagListId: null,
    });
    expect(unscheduled.scheduledAt).toBeNull();
  });

  test('a saved campaign fills the form back with its schedule on the company clock', () => {
    const values = formValues(campaign({ scheduledAt: '2031-12-24T12:00:00.000Z' }), 'America/Sao_Paulo');

    expect(values).toMatchObject({
      scheduledAt: '2031-12-24T09:00',
      contactListId: 3,
      tagListId: '',
      message1: 'Olá {nome}',
    });
  });
});

test('the variables hint names the recipient fields, then the custom ones', () => {
  expect(variableTokens([{ key: 'loja' }])).toEqual(['{nome}', '{numero}', '{email}', '{loja}']);
});
