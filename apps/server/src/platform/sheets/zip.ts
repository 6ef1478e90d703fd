import { createInflateRaw } from 'node:zlib';
import { AppError } from '../errors.js';

/**
 * What a workbook may unpack to, checked against the zip's central directory before anything is
 * inflated. A 50,000-row contacts sheet is about 10 MB of sheet and 5 MB of shared strings, each
 * compressed about 12 to 1; a zip bomb's part is compressed about 1,000 to 1.
 */
const ZIP_LIMITS = {
  entries: 1_000,
  entryBytes: 50 * 1024 * 1024,
  totalBytes: 100 * 1024 * 1024,
  ratio: 100,
  /** Below this a part's ratio says nothing (a few KB of repeated markup compress very well). */
  ratioFrom: 1024 * 1024,
};

/** Inflated bytes handed on at a time. */
const CHUNK = 64 * 1024;
const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  method: number;
  compressedSize: number;
  /** The uncompressed size the directory states: inflating stops past it. */
  size: number;
  dataStart: number;
}

const invalid = (why: string) => new AppError('ERR_INVALID_SPREADSHEET', why);
const tooLarge = (why: string) => new AppError('ERR_SPREADSHEET_TOO_LARGE', why);

/** The end-of-directory record: 22 bytes and a comment of at most 65,535 at the end of the file. */
function endRecord(bytes: Buffer): number {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--)
    if (bytes.readUInt32LE(at) === 0x06054b50 && at + 22 + bytes.readUInt16LE(at + 20) === bytes.length)
      return at;
  throw invalid('No zip directory');
}

function checkSize(name: string, size: number, compressedSize: number) {
  if (size > ZIP_LIMITS.entryBytes) throw tooLarge(`${name} unpacks to ${size} bytes`);
  if (size > ZIP_LIMITS.ratioFrom && size > compressedSize * ZIP_LIMITS.ratio)
    throw tooLarge(`${name} is compressed ${Math.round(size / Math.max(compressedSize, 1))} to 1`);
}

/**
 * The files of a zip by name, from its central directory. Refuses, before inflating anything, a zip
 * with more parts than a workbook has or whose parts would unpack past the limits; and any zip whose
 * directory points outside the file, names a file twice, or uses encryption or another compression.
 */
export function zipEntries(bytes: Buffer): Map<string, ZipEntry> {
  const end = endRecord(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryStart = bytes.readUInt32LE(end + 16);
  if (bytes.readUInt16LE(end + 4) !== 0 || bytes.readUInt16LE(end + 8) !== count)
    throw invalid('Split zip archive');
  if (count > ZIP_LIMITS.entries) throw tooLarge(`${count} parts`);
  if (directoryStart + directorySize > end) throw invalid('Zip directory outside the file');
  const entries = new Map<string, ZipEntry>();
  let total = 0;
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== 0x02014b50) throw invalid('Broken zip directory');
    const nameEnd = at + 46 + bytes.readUInt16LE(at + 28);
    const extraEnd = nameEnd + bytes.readUInt16LE(at + 30);
    const name = bytes.toString('utf8', at + 46, nameEnd);
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    // Zip64 fields are not read: a part that needs them is past every limit here anyway.
    const fields = {
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    };
    at = extraEnd + bytes.readUInt16LE(at + 32);
    checkSize(name, fields.size, fields.compressedSize);
    total += fields.size;
    if (total > ZIP_LIMITS.totalBytes) throw tooLarge(`The parts unpack to over ${total} bytes`);
    if (flags & 1) throw invalid(`${name} is encrypted`);
    if (method !== STORED && method !== DEFLATED) throw invalid(`${name} uses compression ${method}`);
    if (entries.has(name)) throw invalid(`${name} is in the zip twice`);
    entries.set(name, { method, ...dataOf(bytes, fields, directoryStart) });
  }
  return entries;
}

/** Where an entry's data lies, after its local header; it must end before the directory starts. */
function dataOf(
  bytes: Buffer,
  fields: { size: number; compressedSize: number; localOffset: number },
  directoryStart: number,
) {
  const { localOffset, compressedSize, size } = fields;
  if (localOffset + 30 > directoryStart || bytes.readUInt32LE(localOffset) !== 0x04034b50)
    throw invalid('Broken zip entry');
  const dataStart =
    localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
  if (dataStart + compressedSize > directoryStart) throw invalid('Zip entry outside the file');
  return { dataStart, compressedSize, size };
}

/**
 * An entry's bytes, a chunk at a time, inflated no further than the size its directory states: a
 * directory that understates a part cannot make this unpack more than the limits allowed.
 */
export async function* entryChunks(bytes: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === STORED) {
    if (data.length !== entry.size) throw invalid('A stored entry of the wrong size');
    for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, at + CHUNK);
    return;
  }
  const inflate = createInflateRaw({ chunkSize: CHUNK });
  inflate.end(data);
  let seen = 0;
  // Leaving the loop early (a refusal, or the reader stopped) destroys the stream.
  for await (const chunk of inflate as AsyncIterable<Buffer>) {
    seen += chunk.length;
    if (seen > entry.size) throw invalid('An entry unpacks past the size its directory states');
    yield chunk;
  }
}
