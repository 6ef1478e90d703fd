import { describe, expect, test } from 'vitest';
import { applyImportEvent, importPercent, rowErrorsCsv } from './contact-import';

const started = {
  importId: 'a',
  status: 'running' as const,
  processed: 0,
  total: 400,
  created: 0,
  errors: [],
};

describe('import progress', () => {
  test('takes the counts of each event and keeps every row error', () => {
    const first = applyImportEvent(started, {
      ...started,
      processed: 200,
      created: 199,
      errors: [{ row: 5, number: '1', error: 'invalidPhone' }],
    });
    const second = applyImportEvent(first, {
      ...started,
      status: 'done',
      processed: 400,
      created: 398,
      errors: [{ row: 300, number: '2', error: 'duplicated' }],
    });

    expect(second).toMatchObject({ status: 'done', processed: 400, created: 398 });
    expect(second?.errors.map((e) => e.row)).toEqual([5, 300]);
    expect(first && importPercent(first)).toBe(50);
  });

  test('a batch arriving after the end neither reopens the import nor takes its counts back', () => {
    const done = applyImportEvent(started, { ...started, status: 'done', processed: 400, created: 398 });
    const late = applyImportEvent(done, {
      ...started,
      processed: 200,
      created: 199,
      errors: [{ row: 5, number: '1', error: 'invalidPhone' }],
    });

    expect(late).toMatchObject({ status: 'done', processed: 400, created: 398 });
    expect(late.errors.map((e) => e.row)).toEqual([5]);
  });

  test('an event of another import starts that import afresh', () => {
    const next = applyImportEvent(started, { ...started, importId: 'b', processed: 9, errors: [] });
    expect(next).toMatchObject({ importId: 'b', processed: 9, errors: [] });
    expect(applyImportEvent(null, { ...started, processed: 3 })).toMatchObject({
      importId: 'a',
      processed: 3,
    });
  });

  test('row errors download as CSV with quotes escaped', () => {
    expect(rowErrorsCsv([{ row: 3, number: '1"2', error: 'invalidPhone' }], (e) => `bad ${e}`)).toBe(
      'row;number;error\n"3";"1""2";"bad invalidPhone"',
    );
  });
});
