import { CONTACT_LIST_SHEET_COLUMNS, CONTACT_SHEET_MAX_ROWS, type Language } from '@balcao/shared';
import { AppError } from '../../platform/errors.js';
import { csvRows } from '../../platform/sheets/csv.js';
import { type SheetRow as Cells, firstSheetRows } from '../../platform/sheets/xlsx.js';

type Column = (typeof CONTACT_LIST_SHEET_COLUMNS)[number];
export type ListSheetRow = { row: number } & Record<Column, string>;

/** The example sheet's header in each language; any of them is read back, without case or accents. */
const headers: Record<Language, Record<Column, string>> = {
  'pt-BR': { name: 'nome', number: 'numero', email: 'email' },
  en: { name: 'name', number: 'number', email: 'email' },
  es: { name: 'nombre', number: 'numero', email: 'correo' },
  tr: { name: 'isim', number: 'numara', email: 'e-posta' },
};
const extraAliases: Record<Column, string[]> = {
  name: ['nome completo', 'contato', 'contact'],
  number: ['telefone', 'phone', 'whatsapp', 'telefono', 'celular', 'telefon'],
  email: ['e-mail', 'correo electronico', 'eposta'],
};
const aliases = Object.fromEntries(
  CONTACT_LIST_SHEET_COLUMNS.map((c) => [
    c,
    [...Object.values(headers).map((h) => h[c]), ...extraAliases[c]],
  ]),
) as Record<Column, string[]>;

const plain = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

const ZIP = Buffer.from('PK\u0003\u0004', 'latin1');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * The sheet's rows whatever the file: an xlsx workbook (its first sheet, read within the limits of
 * `firstSheetRows`) or a CSV. The old binary .xls is refused with its own message (decisions.md).
 */
async function* sheetCells(bytes: Buffer): AsyncGenerator<Cells> {
  if (bytes.subarray(0, 4).equals(OLE2))
    throw new AppError(
      'ERR_INVALID_SPREADSHEET',
      'Binary .xls workbooks are not read: save it as .xlsx or .csv',
    );
  if (bytes.subarray(0, 4).equals(ZIP)) yield* firstSheetRows(bytes);
  else yield* csvRows(bytes);
}

function headerColumns(cells: Map<number, string>): Partial<Record<Column, number>> {
  const columns: Partial<Record<Column, number>> = {};
  for (const [index, value] of cells) {
    const column = CONTACT_LIST_SHEET_COLUMNS.find((c) => aliases[c].includes(plain(value)));
    if (column && columns[column] === undefined) columns[column] = index;
  }
  if (columns.name === undefined || columns.number === undefined)
    throw new AppError('ERR_SPREADSHEET_COLUMNS');
  return columns;
}

/**
 * The list rows after a header row naming at least the name and number columns, blank rows skipped,
 * at most CONTACT_SHEET_MAX_ROWS of them. A file that cannot be read fails as ERR_INVALID_SPREADSHEET.
 */
export async function* readListRows(bytes: Buffer): AsyncGenerator<ListSheetRow> {
  let columns: Partial<Record<Column, number>> | undefined;
  let count = 0;
  try {
    for await (const { row, cells } of sheetCells(bytes)) {
      if (!columns) {
        columns = headerColumns(cells);
        continue;
      }
      const read = (column: Column) => {
        const index = columns?.[column];
        return index === undefined ? '' : (cells.get(index) ?? '').trim();
      };
      const parsed = { row, name: read('name'), number: read('number'), email: read('email') };
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

/** Reads the whole file before anything is stored, so a broken one is refused whole; answers its rows. */
export async function countListRows(bytes: Buffer): Promise<number> {
  let total = 0;
  for await (const _row of readListRows(bytes)) total++;
  return total;
}

/** The example sheet in the reader's language: the header the upload reads and one example row. */
export async function exampleListSheet(language: Language): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  const header = headers[language];
  sheet.addRow(CONTACT_LIST_SHEET_COLUMNS.map((c) => header[c]));
  sheet.addRow(['Maria Silva', '5511987654321', 'maria@exemplo.com.br']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
