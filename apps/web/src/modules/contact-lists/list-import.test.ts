import type { ContactListImportEvent } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import { applyListImportEvent, errorsSheet } from './list-import';

const event = (overrides: Partial<ContactListImportEvent>): ContactListImportEvent => ({
  importId: 'a',
  contactListId: 1,
  status: 'running',
  processed: 0,
  total: 400,
  created: 0,
  updated: 0,
  failed: 0,
  errors: [],
  ...overrides,
});
const row = (n: number) => ({ row: n, name: 'B', number: '123', email: '', reason: 'invalidPhone' as const });

describe('an import as the page shows it', () => {
  test('refused rows of every batch are kept, counts never go back, and a finished import stays finished', () => {
    const first = applyListImportEvent(null, event({ processed: 200, failed: 1, errors: [row(3)] }));
    const done = applyListImportEvent(
      first,
      event({ status: 'done', processed: 400, failed: 2, errors: [] }),
    );
    // On PostgreSQL a batch's event may reach the page after the end.
    const late = applyListImportEvent(done, event({ processed: 400, failed: 2, errors: [row(250)] }));

    expect(late).toMatchObject({ status: 'done', processed: 400, failed: 2 });
    expect(late.errors.map((r) => r.row)).toEqual([3, 250]);
  });

  test('an event of another import starts over', () => {
    const old = applyListImportEvent(null, event({ failed: 1, errors: [row(3)] }));

    expect(applyListImportEvent(old, event({ importId: 'b' })).errors).toEqual([]);
  });

  test('the errors sheet has the upload header, the rows in order, and quotes what needs it', () => {
    const text = errorsSheet(
      [
        { row: 9, name: 'Ana "A"', number: '1', email: '', reason: 'invalidPhone' },
        { row: 2, name: 'Bia; B', number: '2', email: 'x', reason: 'invalidEmail' },
      ],
      ['nome', 'numero', 'email', 'motivo'],
      (r) => r.reason,
    );

    expect(text.split('\r\n')).toEqual([
      '\uFEFF"nome";"numero";"email";"motivo"',
      '"Bia; B";"2";"x";"invalidEmail"',
      '"Ana ""A""";"1";"";"invalidPhone"',
    ]);
  });
});
