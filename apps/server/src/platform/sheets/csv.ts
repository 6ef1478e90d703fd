import { AppError } from '../errors.js';
import type { SheetRow } from './xlsx.js';
import { CELL_CHARS } from './xml.js';

/** UTF-8 (a leading BOM dropped), or Windows-1252 as Excel writes a CSV on a Portuguese system. */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Excel in Portuguese, Spanish and Turkish separates with ';': whichever the header row has more of. */
function separatorOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (char: string) => header.split(char).length;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * The rows of a CSV file as a workbook's first sheet would give them (`firstSheetRows`): quoted
 * fields may hold separators, quotes ("") and line breaks; a cell longer than a spreadsheet's is refused.
 */
export function* csvRows(bytes: Buffer): Generator<SheetRow> {
  const text = decode(bytes);
  if (text.includes('\u0000')) throw new AppError('ERR_INVALID_SPREADSHEET', 'Not a text file');
  const separator = separatorOf(text);
  let row = 1;
  let column = 1;
  let cells = new Map<number, string>();
  let cell = '';
  let quoted = false;
  const endCell = () => {
    if (cell.length > CELL_CHARS) throw new AppError('ERR_SPREADSHEET_CELL_TOO_LONG');
    const value = cell.trim();
    if (value) cells.set(column, value);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) {
      endCell();
      column++;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endCell();
      yield { row, cells };
      row++;
      cells = new Map();
      column = 1;
    } else cell += char;
  }
  endCell();
  if (cells.size > 0) yield { row, cells };
}
