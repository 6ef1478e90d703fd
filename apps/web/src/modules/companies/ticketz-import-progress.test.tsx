import '../../shared/i18n/i18n';
import { type TicketzImport, ticketzNoteSchema, ticketzSkipReasons } from '@balcao/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { applyLanguage, i18n } from '../../shared/i18n/i18n';
import { TicketzImportProgress } from './ticketz-import-progress';

const ended = (report: Pick<TicketzImport, 'tables' | 'notes'>): TicketzImport => ({
  id: 1,
  source: 'postgres://ticketz@db.example.test:5432/ticketz',
  sourceCompanyId: 1,
  status: 'done',
  step: null,
  stepRead: 0,
  stepExpected: null,
  stepsDone: 24,
  targetCompanyId: 7,
  error: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  finishedAt: '2025-01-01T00:10:00.000Z',
  ...report,
});

const rowOf = (table: string) => screen.getByRole('cell', { name: table }).closest('tr')?.textContent;

beforeEach(() => applyLanguage('pt-BR'));
afterEach(cleanup);

describe("an import's report", () => {
  test('words its reasons and notes in the screen’s language, with their parameters', () => {
    render(
      <TicketzImportProgress
        row={ended({
          tables: {
            Messages: { read: 10, imported: 8, skipped: { alreadyImported: 1, ticketMissing: 1 } },
            'Messages.media': { read: 0, imported: 0, skipped: { filesNotCopied: 12 } },
          },
          notes: [
            { key: 'settingRefused', setting: 'scheduleType', value: 'sometimes' },
            { key: 'companyRenamed', name: 'Loja', as: 'Loja (Ticketz db #1)' },
            { key: 'connectionsDisconnected' },
          ],
        })}
      />,
    );

    expect(rowOf('Messages')).toContain('já importadas: 1; ticket não importado: 1');
    expect(rowOf('Messages.media')).toContain(
      'arquivos não copiados (só o comando com --media traz arquivos): 12',
    );
    const notes = within(screen.getByRole('list', { name: 'Observações' }));
    expect(notes.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'A configuração “scheduleType” = “sometimes” não é um valor aceito aqui: ficou o padrão.',
      'O nome “Loja” já existia aqui: a empresa foi importada como “Loja (Ticketz db #1)”.',
      'As conexões foram importadas desconectadas: cada uma precisa de um novo QR code ou token.',
    ]);
  });

  test('of an import stored before the keys shows its words as they are', () => {
    render(
      <TicketzImportProgress
        row={ended({
          tables: { Messages: { read: 2, imported: 1, skipped: { 'already imported': 1 } } },
          notes: ['setting "chatBotType" has no equivalent here and was left out'],
        })}
      />,
    );

    expect(rowOf('Messages')).toContain('1 already imported');
    expect(screen.getByRole('listitem').textContent).toBe(
      'setting "chatBotType" has no equivalent here and was left out',
    );
  });

  test('has words for every reason and note the importer gives', () => {
    const noteKeys = ticketzNoteSchema.options.map((option) => option.shape.key.value);
    const missing = [
      ...ticketzSkipReasons.map((reason) => `companies.import.skip.${reason}`),
      ...noteKeys.map((key) => `companies.import.note.${key}`),
    ].filter((key) => !i18n.exists(key, { lng: 'pt-BR' }));

    expect(missing).toEqual([]);
  });
});
