import { PassThrough } from 'node:stream';
import { CONTACT_SHEET_COLUMNS, CONTACT_SHEET_MAX_ROWS } from '@balcao/shared';
import { countTableRows, readTable, type TableRow, type TableShape } from '../../platform/sheets/table.js';

type SheetColumn = (typeof CONTACT_SHEET_COLUMNS)[number];
export type SheetRow = TableRow<SheetColumn>;

/** Header names people use for each column, compared without case or accents. */
const headerAliases: Record<SheetColumn, string[]> = {
  name: ['name', 'nome', 'nombre', 'isim'],
  number: ['number', 'numero', 'telefone', 'phone', 'whatsapp', 'telefono'],
  email: ['email', 'e-mail', 'correo'],
  tags: ['tags', 'etiquetas', 'tag'],
};

/** exceljs holds about 30 MiB once loaded: it comes in with the first export, not at start. */
const excel = async () => (await import('exceljs')).default;

const contactTable: TableShape<SheetColumn> = {
  columns: CONTACT_SHEET_COLUMNS,
  aliases: headerAliases,
  required: ['name', 'number'],
  maxRows: CONTACT_SHEET_MAX_ROWS,
};

/**
 * The contact rows of an uploaded workbook or CSV, after a header row naming at least the name and
 * number columns (`readTable`).
 */
export const readContactRows = (bytes: Buffer) => readTable(bytes, contactTable);

/**
 * Reads an uploaded sheet to its end before anything is stored, so a broken, foreign, oversized or
 * header-less file is refused whole. Answers how many contact rows it holds.
 */
export const checkContactSheet = (bytes: Buffer) => countTableRows(bytes, contactTable);

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
