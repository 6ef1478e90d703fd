import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { workbookParts, zipOf } from '../../../test/xlsx.js';
import { firstSheetRows, type SheetRow } from './xlsx.js';

async function rowsOf(bytes: Buffer) {
  const rows: SheetRow[] = [];
  for await (const row of firstSheetRows(bytes)) rows.push(row);
  return rows.map(({ row, cells }) => ({ row, cells: Object.fromEntries(cells) }));
}

const sharedStrings = () => [
  Buffer.from('<si><t>Ana</t></si><si><r><t>Bi</t></r><r><t>a</t></r><rPh><t>ビア</t></rPh></si>'),
];
const rows = () => [
  '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>',
  // No references: each row and cell follows the one before.
  '<row><c t="inlineStr"><is><t>in&amp;line</t></is></c><c t="b"><v>1</v></c><c t="e"><v>#N/A</v></c>' +
    '<c t="str"><f>A1</f><v>Ana</v></c><c><v>5.511988880002E12</v></c></row>',
];

describe('the first sheet of a workbook', () => {
  test('each cell reads as a spreadsheet program shows it', async () => {
    expect(await rowsOf(await zipOf(workbookParts(rows, sharedStrings)))).toEqual([
      { row: 1, cells: { 1: 'Ana', 3: 'Bia' } },
      { row: 2, cells: { 1: 'in&line', 2: 'true', 4: 'Ana', 5: '5511988880002' } },
    ]);
  });

  test('parts kept without compression read the same', async () => {
    const stored = workbookParts(rows, sharedStrings).map((part) => ({ ...part, stored: true }));

    expect(await rowsOf(await zipOf(stored))).toHaveLength(2);
  });

  test('a part kept without compression but of another size than stated is refused', async () => {
    const parts = workbookParts(rows, sharedStrings).map((part) => ({
      ...part,
      stored: true,
      statedSize: 10,
    }));

    await expect(rowsOf(await zipOf(parts))).rejects.toMatchObject({ code: 'ERR_INVALID_SPREADSHEET' });
  });

  test('is the one the workbook lists first', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('First').addRow(['first']);
    book.addWorksheet('Second').addRow(['second']);

    expect(await rowsOf(Buffer.from(await book.xlsx.writeBuffer()))).toEqual([
      { row: 1, cells: { 1: 'first' } },
    ]);
  });

  test('a zip without a workbook is refused', async () => {
    const zip = await zipOf([{ name: 'notes.txt', chunks: () => [Buffer.from('hello')] }]);

    await expect(rowsOf(zip)).rejects.toMatchObject({ code: 'ERR_INVALID_SPREADSHEET' });
  });
});
