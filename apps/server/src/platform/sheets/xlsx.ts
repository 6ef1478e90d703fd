import { posix } from 'node:path';
import { AppError } from '../errors.js';
import { CELL_CHARS, parseXml, readXml } from './xml.js';
import { entryChunks, type ZipEntry, zipEntries } from './zip.js';

/** One row of a sheet: its number and the text of each cell that has one, by column (A is 1). */
export interface SheetRow {
  row: number;
  cells: Map<number, string>;
}

const invalid = (why: string) => new AppError('ERR_INVALID_SPREADSHEET', why);

/** A cell's text, grown part by part (rich text runs), refused past what a cell holds. */
function cellText() {
  let text = '';
  return {
    add(part: string) {
      if (text.length + part.length > CELL_CHARS) throw new AppError('ERR_SPREADSHEET_CELL_TOO_LONG');
      text += part;
    },
    take() {
      const taken = text;
      text = '';
      return taken;
    },
  };
}

function part(bytes: Buffer, entries: Map<string, ZipEntry>, name: string) {
  const entry = entries.get(name);
  if (!entry) throw invalid(`No ${name} in the workbook`);
  return entryChunks(bytes, entry);
}

/** A part's relationships: id → type and target, the target resolved against the part's folder. */
async function relationships(bytes: Buffer, entries: Map<string, ZipEntry>, of: string) {
  const found = new Map<string, { type: string; target: string }>();
  const folder = posix.dirname(of);
  const name = posix.join(folder, '_rels', `${posix.basename(of)}.rels`);
  await readXml(part(bytes, entries, name), {
    open: (tag, attributes) => {
      const { Id, Type, Target } = attributes;
      if (tag !== 'Relationship' || !Id || !Type || !Target) return;
      const target = Target.startsWith('/') ? Target.slice(1) : posix.join(folder, Target);
      found.set(Id, { type: Type.slice(Type.lastIndexOf('/') + 1), target: posix.normalize(target) });
    },
  });
  return found;
}

/** The workbook's part and where its first sheet and its shared strings are. */
async function locateFirstSheet(bytes: Buffer, entries: Map<string, ZipEntry>) {
  const root = await relationships(bytes, entries, '');
  const workbook = [...root.values()].find((r) => r.type === 'officeDocument')?.target;
  if (!workbook) throw invalid('No workbook in the zip');
  let firstSheetId: string | undefined;
  await readXml(part(bytes, entries, workbook), {
    open: (tag, attributes) => {
      // The relationship id is `r:id`, whatever prefix the file bound to its namespace.
      const id = Object.entries(attributes).find(([name]) => name.endsWith(':id'))?.[1];
      if (tag === 'sheet' && firstSheetId === undefined) firstSheetId = id;
    },
  });
  const related = await relationships(bytes, entries, workbook);
  const sheet = firstSheetId ? related.get(firstSheetId)?.target : undefined;
  if (!sheet) throw invalid('The workbook has no sheet');
  const sharedStrings = [...related.values()].find((r) => r.type === 'sharedStrings')?.target;
  return { sheet, sharedStrings };
}

/**
 * The text of each shared string (`<si>`), rich text runs joined, phonetic hints (`<rPh>`) left out.
 * They are held for the sheet's cells to point at: at most what the part's size limit lets it hold.
 */
async function readSharedStrings(chunks: AsyncIterable<Buffer>): Promise<string[]> {
  const strings: string[] = [];
  const text = cellText();
  let inText = false;
  let inPhonetic = false;
  await readXml(chunks, {
    open: (tag) => {
      if (tag === 't') inText = !inPhonetic;
      else if (tag === 'rPh') inPhonetic = true;
    },
    close: (tag) => {
      if (tag === 't') inText = false;
      else if (tag === 'rPh') inPhonetic = false;
      else if (tag === 'si') strings.push(text.take());
    },
    text: (value) => {
      if (inText) text.add(value);
    },
  });
  return strings;
}

/** Column of a cell reference (`AB12` is 28), or undefined when the reference has none. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = /^([A-Z]{1,3})\d*$/.exec(reference ?? '')?.[1];
  if (!letters) return undefined;
  return [...letters].reduce((column, letter) => column * 26 + letter.charCodeAt(0) - 64, 0);
}

/** What a cell shows, from its type (`t`) and its value (`<v>`) or inline string (`<is>`). */
function cellValue(type: string | undefined, value: string, shared: string[]): string {
  if (type === 's') return shared[Number(value)] ?? '';
  if (type === 'b') return value === '1' ? 'true' : 'false';
  if (type === 'e') return '';
  if (type === 'str' || type === 'inlineStr' || type === 'd') return value;
  // Numbers as a spreadsheet program shows them: 5.511988880002E12 is 5511988880002.
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) ? String(number) : value;
}

/**
 * The rows of a workbook's first sheet, read in bounded memory: the zip's directory is checked
 * before anything is unpacked (see `zipEntries`), each part is unpacked and parsed a chunk at a time
 * with its text and nesting capped, and a cell may hold at most what a spreadsheet cell holds.
 * Shared strings are read first, wherever the zip keeps them.
 */
export async function* firstSheetRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  const entries = zipEntries(bytes);
  const { sheet, sharedStrings } = await locateFirstSheet(bytes, entries);
  const shared = sharedStrings ? await readSharedStrings(part(bytes, entries, sharedStrings)) : [];
  const done: SheetRow[] = [];
  let current: SheetRow | undefined;
  let cell: { column: number; type: string | undefined } | undefined;
  const text = cellText();
  let inText = false;
  let inPhonetic = false;
  let lastRow = 0;
  let lastColumn = 0;
  const handlers = {
    open: (tag: string, attributes: Record<string, string>) => {
      if (tag === 'row') {
        lastRow = Number(attributes.r) || lastRow + 1;
        lastColumn = 0;
        current = { row: lastRow, cells: new Map() };
      } else if (tag === 'c') {
        lastColumn = columnOf(attributes.r) ?? lastColumn + 1;
        cell = { column: lastColumn, type: attributes.t };
        text.take();
      } else if (tag === 'v' || tag === 't') inText = cell !== undefined && !inPhonetic;
      else if (tag === 'rPh') inPhonetic = true;
    },
    close: (tag: string) => {
      if (tag === 'v' || tag === 't') inText = false;
      else if (tag === 'rPh') inPhonetic = false;
      else if (tag === 'c' && cell && current) {
        const value = cellValue(cell.type, text.take(), shared);
        if (value) current.cells.set(cell.column, value);
        cell = undefined;
      } else if (tag === 'row' && current) {
        done.push(current);
        current = undefined;
      }
    },
    text: (value: string) => {
      if (inText) text.add(value);
    },
  };
  for await (const _ of parseXml(part(bytes, entries, sheet), handlers)) yield* done.splice(0);
}
