import { PassThrough } from 'node:stream';
import { CONTACT_SHEET_COLUMNS, CONTACT_SHEET_MAX_ROWS } from '@balcao/shared';
import { AppError } from '../../platform/errors.js';
import { firstSheetRows } from '../../platform/sheets/xlsx.js';

type SheetColumn = (typeof CONTACT_SHEET_COLUMNS)[number];
export type SheetRow = { row: number } & Record<SheetColumn, string>;

/** Header names people use for each column, compared without case or accents. */
const headerAliases: Record<SheetColumn, string[]> = {
  name: ['name', 'nome', 'nombre', 'isim'],
  number: ['number', 'numero', 'telefone', 'phone', 'whatsapp', 'telefono'],
  email: ['email', 'e-mail', 'correo'],
  tags: ['tags', 'etiquetas', 'tag'],
};

const plain = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/** exceljs holds about 30 MiB once loaded: it comes in with the first export, not at start. */
const excel = async () => (await import('exceljs')).default;

/**
 * The contact rows of the workbook's first sheet, after a header row naming at least the name and
 * number columns: read within the limits of `firstSheetRows`, and at most CONTACT_SHEET_MAX_ROWS of
 * them. Unreadable files fail as ERR_INVALID_SPREADSHEET.
 */
export async function* readContactRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  let columns: Partial<Record<SheetColumn, number>> | undefined;
  let count = 0;
  try {
    for await (const { row, cells } of firstSheetRows(bytes)) {
      if (!columns) {
        columns = headerColumns(cells);
        continue;
      }
      const read = (column: SheetColumn) => {
        const index = columns?.[column];
        return index === undefined ? '' : (cells.get(index) ?? '').trim();
      };
      const parsed = {
        row,
        name: read('name'),
        number: read('number'),
        email: read('email'),
        tags: read('tags'),
      };
      if (!parsed.name && !parsed.number && !parsed.email) continue;
      if (++count > CONTACT_SHEET_MAX_ROWS) throw new AppError('ERR_SPREADSHEET_TOO_MANY_ROWS');
      yield parsed;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('ERR_INVALID_SPREADSHEET', (error as Error).message);
  }
  if (!columns) throw new AppError('ERR_SPREADSHEET_COLUMNS');
}

function headerColumns(cells: Map<number, string>): Partial<Record<SheetColumn, number>> {
  const columns: Partial<Record<SheetColumn, number>> = {};
  for (const [index, value] of cells) {
    const header = plain(value);
    const column = CONTACT_SHEET_COLUMNS.find((c) => headerAliases[c].includes(header));
    if (column && columns[column] === undefined) columns[column] = index;
  }
  if (columns.name === undefined || columns.number === undefined)
    throw new AppError('ERR_SPREADSHEET_COLUMNS');
  return columns;
}

/**
 * Reads an uploaded workbook to its end before anything is stored, so a broken, foreign, oversized or
 * header-less file is refused whole. Answers how many contact rows it holds.
 */
export async function checkContactSheet(bytes: Buffer): Promise<number> {
  let total = 0;
  for await (const _row of readContactRows(bytes)) total++;
  return total;
}

/** A streaming workbook with one sheet; rows are committed as they are added, so memory stays flat. */
export async function sheetWriter(sheetName: string, header: readonly string[]) {
  const ExcelJS = await excel();
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([...header]).commit();
  return {
    stream,
    add: (values: string[]) => sheet.addRow(values).commit(),
    finish: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** planilha.xlsx: the columns an import reads, with one example row. */
export async function exampleSheet(): Promise<Buffer> {
  const ExcelJS = await excel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  sheet.addRow([...CONTACT_SHEET_COLUMNS]);
  sheet.addRow(['Maria Silva', '5511987654321', 'maria@exemplo.com.br', 'cliente, vip']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
