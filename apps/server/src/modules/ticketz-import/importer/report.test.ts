import { ticketzSkipReasons } from '@balcao/shared';
import { expect, test } from 'vitest';
import { formatReport } from './report.js';
import { skipText } from './report-english.js';

test('the command prints the report’s reasons and notes in English words, not their keys', () => {
  const text = formatReport([
    {
      sourceCompanyId: 1,
      targetCompanyId: 7,
      tables: {
        Messages: { read: 10, imported: 8, skipped: { alreadyImported: 1, ticketMissing: 1 } },
        'Messages.media': { read: 0, imported: 0, skipped: { filesNotCopied: 12 } },
      },
      notes: [
        { key: 'settingRefused', setting: 'scheduleType', value: 'sometimes' },
        { key: 'companyRenamed', name: 'Loja', as: 'Loja (Ticketz host #1)' },
        { key: 'connectionsDisconnected' },
      ],
    },
  ]);

  expect(text.split('\n')).toEqual([
    '',
    'Ticketz company 1 → Balcão company 7',
    '  table                       read  imported  skipped',
    '  Messages                      10         8  1 already imported; 1 ticket not imported',
    '  Messages.media                 0         0  12 files not copied (no --media)',
    '  note: setting "scheduleType" = "sometimes" is not a value ours takes: left at the default',
    '  note: company name "Loja" was taken here: imported as "Loja (Ticketz host #1)"',
    '  note: connections were imported disconnected: each needs a new QR code or token',
  ]);
});

test('every reason has its own English words', () => {
  const words = ticketzSkipReasons.map((reason) => skipText[reason]);

  expect(new Set(words).size).toBe(ticketzSkipReasons.length);
  expect(words.filter((text) => !text)).toEqual([]);
});
