import { describe, expect, test } from 'vitest';
import { applyImportEvent, importReportCsv } from './contact-import';

const started = {
  importId: 'a',
  status: 'running' as const,
  processed: 0,
  total: 400,
  created: 0,
  updated: 0,
  skipped: 0,
  skippedRows: [],
  warnings: [],
};

describe('import progress', () => {
  test('takes the counts of each event and keeps every reported row', () => {
    const first = applyImportEvent(started, {
      ...started,
      processed: 200,
      created: 197,
      updated: 1,
      skipped: 2,
      skippedRows: [{ row: 5, number: '1', reason: 'invalidPhone' }],
      warnings: [{ row: 9, number: '11988880009', reason: 'invalidEmail' }],
    });
    const second = applyImportEvent(first, {
      ...started,
      status: 'done',
      processed: 400,
      created: 396,
      updated: 1,
      skipped: 3,
      skippedRows: [{ row: 300, number: '2', reason: 'duplicateInSheet', firstRow: 7 }],
    });

    expect(second).toMatchObject({ status: 'done', processed: 400, created: 396, updated: 1, skipped: 3 });
    expect(second.skippedRows.map((e) => e.row)).toEqual([5, 300]);
    expect(second.warnings.map((e) => e.row)).toEqual([9]);
  });

  test('a batch arriving after the end neither reopens the import nor takes its counts back', () => {
    const done = applyImportEvent(started, {
      ...started,
      status: 'done',
      processed: 400,
      created: 390,
      updated: 5,
      skipped: 5,
    });
    const late = applyImportEvent(done, {
      ...started,
      processed: 200,
      created: 199,
      updated: 1,
      skipped: 1,
      skippedRows: [{ row: 5, number: '1', reason: 'invalidPhone' }],
    });

    expect(late).toMatchObject({ status: 'done', processed: 400, created: 390, updated: 5, skipped: 5 });
    expect(late.skippedRows.map((e) => e.row)).toEqual([5]);
  });

  test('an event of another import starts that import afresh', () => {
    const next = applyImportEvent(started, { ...started, importId: 'b', processed: 9 });
    expect(next).toMatchObject({ importId: 'b', processed: 9, skippedRows: [] });
    expect(applyImportEvent(null, { ...started, processed: 3 })).toMatchObject({
      importId: 'a',
      processed: 3,
    });
  });

  test('the report downloads as CSV by row, quotes escaped', () => {
    const csv = importReportCsv(
      [
        { row: 7, number: '11988880007', reason: 'invalidEmail' },
        { row: 3, number: '1"2', reason: 'invalidPhone' },
      ],
      (note) => `bad ${note.reason}`,
    );

    expect(csv).toBe(
      'row;number;reason\n"3";"1""2";"bad invalidPhone"\n"7";"11988880007";"bad invalidEmail"',
    );
  });
});
