import { describe, expect, test } from 'vitest';
import { buildCampaign as campaign } from './campaign.fixture';
import { campaignBody, dialogMode, formValues, variableTokens } from './campaign-form';

const now = new Date('2031-03-04T12:00:00Z');
const minutesAhead = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

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

test('a saved template comes back into the form and leaves it as the server reads it: no header is no header', () => {
  const template = {
    name: 'ticket_update',
    language: 'pt_BR',
    parameters: ['{nome}', '{numero}'],
    buttons: [],
  };

  const values = formValues(campaign({ template }), 'America/Sao_Paulo');
  const body = campaignBody(values, 'America/Sao_Paulo');
  const withHeader = campaignBody(
    { ...values, template: { ...template, header: 'https://loja.example/a.png' } },
    'America/Sao_Paulo',
  );

  expect(values.template).toEqual({ ...template, header: '' });
  expect(body.template).toEqual({ ...template, header: undefined });
  expect(withHeader.template?.header).toBe('https://loja.example/a.png');
  expect(campaignBody(formValues(null, 'America/Sao_Paulo'), 'America/Sao_Paulo').template).toBeNull();
});

test('the variables hint names the recipient fields, then the custom ones', () => {
  expect(variableTokens([{ key: 'loja' }])).toEqual(['{nome}', '{numero}', '{email}', '{loja}']);
});
