import { AppError } from '../errors.js';
import { csvRows } from './csv.js';
import { firstSheetRows, type SheetRow } from './xlsx.js';

/** One data row of a table: its sheet row number and the trimmed text of each known column. */
export type TableRow<Column extends string> = { row: number } & Record<Column, string>;

/** What a table upload reads: its columns, the header names people use for each, and its limits. */
export interface TableShape<Column extends string> {
  columns: readonly Column[];
  /** Header names per column, lower case without accents; the first cell matching one is the column. */
  aliases: Record<Column, readonly string[]>;
  /** The columns the header must name, or the file is refused as ERR_SPREADSHEET_COLUMNS. */
  required: readonly Column[];
  maxRows: number;
}

const plain = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

const ZIP = Buffer.from('PK\u0003\u0004', 'latin1');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * The rows of an uploaded sheet whatever the file: an xlsx workbook (its first sheet, read within the
 * limits of `firstSheetRows`) or a CSV. The old binary .xls is refused with its own message (decisions.md).
 */
async function* spreadsheetRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  if (bytes.subarray(0, 4).equals(OLE2))
    throw new AppError(
      'ERR_INVALID_SPREADSHEET',
      'Binary .xls workbooks are not read: save it as .xlsx or .csv',
    );
  if (bytes.subarray(0, 4).equals(ZIP)) yield* firstSheetRows(bytes);
  else yield* csvRows(bytes);
}

function headerColumns<Column extends string>(
  cells: Map<number, string>,
  shape: TableShape<Column>,
): Partial<Record<Column, number>> {
  const columns: Partial<Record<Column, number>> = {};
  for (const [index, value] of cells) {
    const header = plain(value);
    const column = shape.columns.find((c) => shape.aliases[c].includes(header));
    if (column && columns[column] === undefined) columns[column] = index;
  }
  if (shape.required.some((c) => columns[c] === undefined)) throw new AppError('ERR_SPREADSHEET_COLUMNS');
  return columns;
}

/**
 * The data rows after a header row naming the shape's required columns, blank rows skipped, at most
 * `maxRows` of them (ERR_SPREADSHEET_TOO_MANY_ROWS). A file that cannot be read fails as
 * ERR_INVALID_SPREADSHEET.
 */
export async function* readTable<Column extends string>(
  bytes: Buffer,
  shape: TableShape<Column>,
): AsyncGenerator<TableRow<Column>> {
  let columns: Partial<Record<Column, number>> | undefined;
  let count = 0;
  try {
    for await (const { row, cells } of spreadsheetRows(bytes)) {
      if (!columns) {
        columns = headerColumns(cells, shape);
        continue;
      }
      const found = columns;
      const parsed = { row } as TableRow<Column>;
      for (const column of shape.columns) {
        const index = found[column];
        (parsed as Record<Column, string>)[column] =
          index === undefined ? '' : (cells.get(index) ?? '').trim();
      }
      if (shape.columns.every((c) => parsed[c] === '')) continue;
      if (++count > shape.maxRows) throw new AppError('ERR_SPREADSHEET_TOO_MANY_ROWS');
      yield parsed;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('ERR_INVALID_SPREADSHEET', (error as Error).message);
  }
  if (!columns) throw new AppError('ERR_SPREADSHEET_COLUMNS');
}

/** Reads the whole file before anything is stored, so a broken one is refused whole; answers its rows. */
export async function countTableRows<Column extends string>(
  bytes: Buffer,
  shape: TableShape<Column>,
): Promise<number> {
  let total = 0;
  for await (const _row of readTable(bytes, shape)) total++;
  return total;
}
