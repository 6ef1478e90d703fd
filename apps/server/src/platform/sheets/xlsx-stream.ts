import { Readable } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';
import { CELL_CHARS } from './xml.js';

type Cell = string | number;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** General purpose flags: sizes and CRC follow the data (bit 3), names are UTF-8 (bit 11). */
const FLAGS = 0x0808;
const DEFLATE = 8;
/** 1 January 1980, 00:00 in MS-DOS format: the parts carry no meaningful time. */
const DOS_DATE = 0x21;

/** Characters XML 1.0 cannot hold at all: a message may carry them, the sheet must not. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is taken out.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapeXml = (text: string) =>
  text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const columnName = (index: number): string =>
  index < 26
    ? String.fromCharCode(65 + index)
    : columnName(Math.floor(index / 26) - 1) + columnName(index % 26);

/** Text as an inline string (never read as a formula, whatever it starts with); numbers as numbers. */
function cellXml(value: Cell, ref: string): string {
  if (value === '') return '';
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  const text = escapeXml(value.slice(0, CELL_CHARS));
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

const rowXml = (cells: Cell[], row: number) =>
  `<row r="${row}">${cells.map((cell, i) => cellXml(cell, `${columnName(i)}${row}`)).join('')}</row>`;

/** A zip record: its signature, then little-endian fields of 2 or 4 bytes (the test zip writer uses it too). */
export function zipHeader(signature: number, fields: [bytes: 2 | 4, value: number][]): Buffer {
  const buffer = Buffer.alloc(4 + fields.reduce((sum, [bytes]) => sum + bytes, 0));
  buffer.writeUInt32LE(signature, 0);
  let at = 4;
  for (const [bytes, value] of fields) {
    if (bytes === 2) buffer.writeUInt16LE(value, at);
    else buffer.writeUInt32LE(value, at);
    at += bytes;
  }
  return buffer;
}

/** A part's bytes deflated as they come, flushed after each piece so nothing waits inside zlib. */
async function* deflated(pieces: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.once('end', resolve).once('error', reject));
  for await (const piece of pieces) {
    deflate.write(piece);
    await new Promise<void>((resolve) => deflate.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    yield* out.splice(0);
  }
  deflate.end();
  await ended;
  yield* out.splice(0);
}

async function* once(bytes: Buffer) {
  yield bytes;
}

interface Part {
  name: string;
  pieces: AsyncIterable<Buffer>;
}

/** The zip of the parts, each written as it is produced (sizes and CRC in a descriptor after it). */
async function* zip(parts: Part[]): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const common = (crc: number, packed: number, size: number): [2 | 4, number][] => [
      [2, FLAGS],
      [2, DEFLATE],
      [2, 0],
      [2, DOS_DATE],
      [4, crc],
      [4, packed],
      [4, size],
      [2, name.length],
    ];
    const local = Buffer.concat([zipHeader(0x04034b50, [[2, 20], ...common(0, 0, 0), [2, 0]]), name]);
    const start = offset;
    yield local;
    offset += local.length;
    let crc = 0;
    let size = 0;
    let packed = 0;
    const counted = async function* () {
      for await (const piece of part.pieces) {
        crc = crc32(piece, crc);
        size += piece.length;
        yield piece;
      }
    };
    for await (const chunk of deflated(counted())) {
      packed += chunk.length;
      yield chunk;
    }
    const descriptor = zipHeader(0x08074b50, [
      [4, crc],
      [4, packed],
      [4, size],
    ]);
    yield descriptor;
    offset += packed + descriptor.length;
    // Without zip64 a part or the whole file stops at 4 GiB; no report comes near it.
    if (offset > 0xffffffff || size > 0xffffffff) throw new Error('workbook past 4 GiB');
    central.push(
      zipHeader(0x02014b50, [
        [2, 20],
        [2, 20],
        ...common(crc, packed, size),
        [2, 0],
        [2, 0],
        [2, 0],
        [2, 0],
        [4, 0],
        [4, start],
      ]),
      name,
    );
  }
  const directory = Buffer.concat(central);
  yield directory;
  yield zipHeader(0x06054b50, [
    [2, 0],
    [2, 0],
    [2, parts.length],
    [2, parts.length],
    [4, directory.length],
    [4, offset],
    [2, 0],
  ]);
}

const staticPart = (name: string, xml: string): Part => ({ name, pieces: once(Buffer.from(XML_HEAD + xml)) });

/**
 * A one-sheet workbook (.xlsx) of a header and the rows `batches` yields, written as they come: the
 * stream pulls the next batch only when its reader has taken what came before, so however many rows
 * the sheet holds, memory holds about one batch. Cells are inline strings and numbers, no styles.
 */
export function xlsxStream(sheetName: string, header: string[], batches: AsyncIterable<Cell[][]>): Readable {
  async function* sheet() {
    yield Buffer.from(`${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData>${rowXml(header, 1)}`);
    let row = 1;
    for await (const rows of batches) {
      if (rows.length === 0) continue;
      yield Buffer.from(rows.map((cells) => rowXml(cells, ++row)).join(''));
    }
    yield Buffer.from('</sheetData></worksheet>');
  }
  const sheetFile = 'xl/worksheets/sheet1.xml';
  const parts: Part[] = [
    staticPart(
      '[Content_Types].xml',
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/${sheetFile}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    staticPart(
      '_rels/.rels',
      `<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    staticPart(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    staticPart(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    { name: sheetFile, pieces: sheet() },
  ];
  return Readable.from(zip(parts), { objectMode: false });
}
