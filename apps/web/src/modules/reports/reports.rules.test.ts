import { LANGUAGES, REPORT_COLUMNS, reportSheetTexts, ticketStatuses } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import ptBR from '../../locales/pt-BR.json';
import tr from '../../locales/tr.json';
import { defaultReportFilters, exportProgress, reportQueryOf } from './reports.rules';

describe('report filters', () => {
  test('start from the first of the month to today on the company’s calendar, not the browser’s', () => {
    // 01:30 UTC on 1 April is still 31 March in São Paulo.
    const filters = defaultReportFilters('America/Sao_Paulo', new Date('2026-04-01T01:30:00Z'));

    expect(filters).toMatchObject({ dateFrom: '2026-03-01', dateTo: '2026-03-31', contact: null });
  });

  test('go out as the call reads them: lists as JSON arrays, a chosen contact by id, typed text as the search', () => {
    const filters = {
      ...defaultReportFilters('UTC', new Date('2026-03-10T12:00:00Z')),
      users: [3, 4],
      statuses: ['open' as const],
    };

    expect(reportQueryOf({ ...filters, contact: { kind: 'contact', id: 7, name: 'Maria' } })).toEqual({
      contactId: '7',
      searchParam: undefined,
      whatsappId: undefined,
      tags: undefined,
      users: '[3,4]',
      queueIds: undefined,
      status: '["open"]',
      dateFrom: '2026-03-01',
      dateTo: '2026-03-10',
    });
    expect(reportQueryOf({ ...filters, contact: { kind: 'text', text: 'mar' } })).toMatchObject({
      contactId: undefined,
      searchParam: 'mar',
    });
  });
});

describe('export progress', () => {
  test('grows with the bytes received against the rows announced, and stays short of done until the end', () => {
    expect(exportProgress(0, 100_000)).toBe(0);
    expect(exportProgress(3_000_000, 100_000)).toBeCloseTo(0.5, 1);
    expect(exportProgress(50_000_000, 100_000)).toBe(0.99);
  });
});

describe('the table and the export say the same', () => {
  const locales = { 'pt-BR': ptBR, en, es, tr };

  test.each(LANGUAGES)('%s: each column’s header and each status', (language) => {
    const reports = locales[language].reports;
    const sheet = reportSheetTexts[language];

    for (const column of REPORT_COLUMNS) expect(reports.columns[column]).toBe(sheet.columns[column]);
    for (const status of ticketStatuses) expect(reports.statuses[status]).toBe(sheet.statuses[status]);
  });
});
