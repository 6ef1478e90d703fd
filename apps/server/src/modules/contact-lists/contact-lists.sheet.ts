import { CONTACT_LIST_SHEET_COLUMNS, CONTACT_SHEET_MAX_ROWS, type Language } from '@balcao/shared';
import { countTableRows, readTable, type TableRow, type TableShape } from '../../platform/sheets/table.js';

type Column = (typeof CONTACT_LIST_SHEET_COLUMNS)[number];
export type ListSheetRow = TableRow<Column>;

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

/** The shape an upload is read with: the header may be any language's name for a column. */
const listTable: TableShape<Column> = {
  columns: CONTACT_LIST_SHEET_COLUMNS,
  aliases,
  required: ['name', 'number'],
  maxRows: CONTACT_SHEET_MAX_ROWS,
};

/** The list rows after a header row naming at least the name and number columns (`readTable`). */
export const readListRows = (bytes: Buffer) => readTable(bytes, listTable);

/** Reads the whole file before anything is stored, so a broken one is refused whole; answers its rows. */
export const countListRows = (bytes: Buffer) => countTableRows(bytes, listTable);

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
