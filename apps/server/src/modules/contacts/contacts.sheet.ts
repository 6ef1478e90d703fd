import { PassThrough, Readable } from 'node:stream';
import { CONTACT_SHEET_COLUMNS } from '@balcao/shared';
import { AppError } from '../../platform/errors.js';

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

/** A cell as text, whatever exceljs made of it (rich text, hyperlink, formula result, number). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const cell = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if (cell.text !== undefined) return cellText(cell.text);
    if (cell.result !== undefined) return cellText(cell.result);
    if (value instanceof Date) return value.toISOString();
    return '';
  }
  return String(value).replaceAll('\0', '').trim();
}

/** exceljs holds about 30 MiB once loaded: it comes in with the first import or export, not at start. */
const excel = async () => (await import('exceljs')).default;

const isZip = (bytes: Buffer) => bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

/**
 * The rows of the workbook's first sheet, read as a stream (the whole file is never a DOM), after a
 * header row naming at least the name and number columns. Unreadable files fail as ERR_INVALID_SPREADSHEET.
 */
export async function* readContactRows(input: Readable): AsyncGenerator<SheetRow> {
  const ExcelJS = await excel();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    worksheets: 'emit',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let columns: Partial<Record<SheetColumn, number>> | undefined;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = (row.values ?? []) as unknown[];
        if (!columns) {
          columns = headerColumns(values);
          continue;
        }
        const read = (column: SheetColumn) => {
          const index = columns?.[column];
          return index === undefined ? '' : cellText(values[index]);
        };
        const parsed = {
          row: row.number,
          name: read('name'),
          number: read('number'),
          email: read('email'),
          tags: read('tags'),
        };
        if (parsed.name || parsed.number || parsed.email) yield parsed;
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('ERR_INVALID_SPREADSHEET', (error as Error).message);
  }
  if (!columns) throw new AppError('ERR_SPREADSHEET_COLUMNS');
}

function headerColumns(values: unknown[]): Partial<Record<SheetColumn, number>> {
  const columns: Partial<Record<SheetColumn, number>> = {};
  values.forEach((value, index) => {
    const header = plain(cellText(value));
    const column = CONTACT_SHEET_COLUMNS.find((c) => headerAliases[c].includes(header));
    if (column && columns[column] === undefined) columns[column] = index;
  });
  if (columns.name === undefined || columns.number === undefined)
    throw new AppError('ERR_SPREADSHEET_COLUMNS');
  return columns;
}

/**
 * Reads an uploaded workbook to its end before anything is stored, so a broken, foreign or
 * header-less file is refused whole. Answers how many contact rows it holds.
 */
export async function checkContactSheet(bytes: Buffer): Promise<number> {
  if (!isZip(bytes)) throw new AppError('ERR_INVALID_SPREADSHEET', 'Not an xlsx file');
  let total = 0;
  for await (const _row of readContactRows(Readable.from(bytes))) total++;
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
