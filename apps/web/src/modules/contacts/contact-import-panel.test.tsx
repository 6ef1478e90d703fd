import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import type { ImportProgress } from './contact-import';
import { ContactImportPanel } from './contact-import-panel';

const report: ImportProgress = {
  importId: 'a',
  status: 'running',
  processed: 200,
  total: 400,
  created: 2,
  updated: 3,
  skipped: 3,
  skippedRows: [
    { row: 3, number: '11 8888-0001', reason: 'duplicateInSheet', firstRow: 2 },
    { row: 8, number: '11 98888-0004', reason: 'alreadyStored' },
    { row: 9, number: '123', reason: 'invalidPhone' },
  ],
  warnings: [{ row: 6, number: '11 98888-0003', reason: 'invalidEmail' }],
};

beforeEach(() => applyLanguage('pt-BR'));
afterEach(cleanup);

const lines = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

test('while importing, the counts so far and each reported row with its reason', () => {
  render(<ContactImportPanel progress={report} onDismiss={() => undefined} />);

  expect(screen.getByText('Importando contatos: 200 de 400')).toBeTruthy();
  expect(
    screen.getByRole('progressbar', { name: 'Progresso da importação' }).getAttribute('aria-valuenow'),
  ).toBe('50');
  expect(screen.getByText('2 criados, 3 atualizados, 3 ignorados, 1 com avisos')).toBeTruthy();
  expect(lines('Linhas ignoradas')).toEqual([
    'Linha 3 (11 8888-0001): mesmo número da linha 2',
    'Linha 8 (11 98888-0004): número já cadastrado, nada a acrescentar',
    'Linha 9 (123): número inválido',
  ]);
  expect(lines('Importadas com avisos')).toEqual([
    'Linha 6 (11 98888-0003): e-mail inválido, importada sem ele',
  ]);
});

test('once done, the result says what was created, updated and skipped, and can be closed', () => {
  const onDismiss = vi.fn();
  render(<ContactImportPanel progress={{ ...report, status: 'done' }} onDismiss={onDismiss} />);

  expect(screen.getByRole('alert').textContent).toContain(
    'Importação concluída: 2 criados, 3 atualizados, 3 ignorados, 1 com avisos.',
  );
  expect(screen.getByRole('button', { name: 'Baixar relatório' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Fechar o relatório' }));
  expect(onDismiss).toHaveBeenCalled();
});
