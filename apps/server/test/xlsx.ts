import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';
import { zipHeader } from '../src/platform/sheets/xlsx-stream.js';

/**
 * Workbooks written byte by byte, so a test can make the files a spreadsheet program never would:
 * a part of hundreds of MB deflated as it is generated (never whole in memory), a directory that
 * understates a part, more parts than any workbook has.
 */
export interface ZipPart {
  name: string;
  /** The part's bytes, generated lazily. */
  chunks: () => Iterable<Buffer>;
  /** The uncompressed size the zip states, when it should lie about it. */
  statedSize?: number;
  /** Kept as it is instead of deflated (method 0), as some writers keep small parts. */
  stored?: boolean;
}

interface Packed {
  name: Buffer;
  method: number;
  data: Buffer;
  crc: number;
  size: number;
}

async function pack(part: ZipPart): Promise<Packed> {
  const deflate = part.stored ? undefined : createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate?.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = 0;
  let size = 0;
  for (const chunk of part.chunks()) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate) out.push(chunk);
    else if (!deflate.write(chunk)) await once(deflate, 'drain');
  }
  if (deflate) {
    deflate.end();
    await once(deflate, 'end');
  }
  const data = Buffer.concat(out);
  return { name: Buffer.from(part.name), method: deflate ? 8 : 0, data, crc, size: part.statedSize ?? size };
}

/** A zip of the parts: local headers and data, the central directory, its end record. */
export async function zipOf(parts: ZipPart[]): Promise<Buffer> {
  const packed = [];
  for (const part of parts) packed.push(await pack(part));
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of packed) {
    const common: [2 | 4, number][] = [
      [2, 0x0800], // flags: UTF-8 names
      [2, p.method],
      [2, 0], // time
      [2, 0x21], // date
      [4, p.crc],
      [4, p.data.length],
      [4, p.size],
      [2, p.name.length],
    ];
    const localHeader = Buffer.concat([zipHeader(0x04034b50, [[2, 20], ...common, [2, 0]]), p.name]);
    central.push(
      zipHeader(0x02014b50, [
        [2, 20],
        [2, 20],
        ...common,
        [2, 0],
        [2, 0],
        [2, 0],
        [2, 0],
        [4, 0],
        [4, offset],
      ]),
      p.name,
    );
    local.push(localHeader, p.data);
    offset += localHeader.length + p.data.length;
  }
  const directory = Buffer.concat(central);
  const end = zipHeader(0x06054b50, [
    [2, 0],
    [2, 0],
    [2, packed.length],
    [2, packed.length],
    [4, directory.length],
    [4, offset],
    [2, 0],
  ]);
  return Buffer.concat([...local, directory, end]);
}

const text = (value: string) => () => [Buffer.from(value)];

/**
 * The parts of a one-sheet workbook around the sheet's rows (`<row>` elements) and, when given, its
 * shared strings (`<si>` elements), each generated lazily.
 */
export function workbookParts(
  rows: () => Iterable<string>,
  sharedStrings?: () => Iterable<Buffer>,
): ZipPart[] {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const relationship = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="${rels}/${type}" Target="${target}"/>`;
  const sst = function* () {
    yield Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${main}">`);
    if (sharedStrings) yield* sharedStrings();
    yield Buffer.from('</sst>');
  };
  return [
    {
      name: '_rels/.rels',
      chunks: text(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationship('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      chunks: text(
        `<workbook xmlns="${main}" xmlns:r="${rels}"><sheets><sheet name="Contatos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      chunks: text(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationship('rId1', 'worksheet', 'worksheets/sheet1.xml')}${relationship('rId2', 'sharedStrings', 'sharedStrings.xml')}</Relationships>`,
      ),
    },
    // Before the sheet, as Excel writes it: a reader that streams the zip in order meets it first.
    { name: 'xl/sharedStrings.xml', chunks: sst },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: function* () {
        yield Buffer.from(`<worksheet xmlns="${main}"><sheetData>`);
        for (const row of rows()) yield Buffer.from(row);
        yield Buffer.from('</sheetData></worksheet>');
      },
    },
  ];
}

/** One `<row>` of inline-string cells, in columns A, B, C… */
export function rowXml(row: number, cells: string[]): string {
  const cell = (value: string, index: number) =>
    `<c r="${String.fromCharCode(65 + index)}${row}" t="inlineStr"><is><t>${value}</t></is></c>`;
  return `<row r="${row}">${cells.map(cell).join('')}</row>`;
}
