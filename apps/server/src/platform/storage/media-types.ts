/** What a chat attachment is, as the spec's mediaType names it. */
export type MediaKind = 'image' | 'video' | 'audio' | 'application';

interface Format {
  /** The extension the file is stored under. */
  ext: string;
  kind: MediaKind;
  /** Content type the media route answers with. */
  mime: string;
  /** Declared extensions that may carry these bytes (a .jpeg is a jpg). */
  names: string[];
}

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');
const starts = (b: Buffer, bytes: number[]) => bytes.every((byte, i) => b[i] === byte);

/**
 * Formats recognised by their first bytes. Containers shared by audio and video (mp4, webm, ogg) are
 * told apart by what the sender declared, which must agree with the bytes: see `sniffMedia`.
 */
const signatures: { test: (b: Buffer) => boolean; formats: Format[] }[] = [
  {
    test: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    formats: [{ ext: 'png', kind: 'image', mime: 'image/png', names: ['png'] }],
  },
  {
    test: (b) => starts(b, [0xff, 0xd8, 0xff]),
    formats: [{ ext: 'jpg', kind: 'image', mime: 'image/jpeg', names: ['jpg', 'jpeg'] }],
  },
  {
    test: (b) => ascii(b, 0, 4) === 'GIF8',
    formats: [{ ext: 'gif', kind: 'image', mime: 'image/gif', names: ['gif'] }],
  },
  {
    test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
    formats: [{ ext: 'webp', kind: 'image', mime: 'image/webp', names: ['webp'] }],
  },
  {
    test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE',
    formats: [{ ext: 'wav', kind: 'audio', mime: 'audio/wav', names: ['wav'] }],
  },
  {
    test: (b) => ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
    formats: [{ ext: 'mp3', kind: 'audio', mime: 'audio/mpeg', names: ['mp3'] }],
  },
  {
    test: (b) => ascii(b, 0, 4) === 'OggS',
    formats: [
      { ext: 'ogg', kind: 'audio', mime: 'audio/ogg', names: ['ogg', 'oga', 'opus'] },
      { ext: 'ogv', kind: 'video', mime: 'video/ogg', names: ['ogv', 'ogg'] },
    ],
  },
  {
    test: (b) => starts(b, [0x1a, 0x45, 0xdf, 0xa3]),
    formats: [
      { ext: 'webm', kind: 'audio', mime: 'audio/webm', names: ['webm', 'weba'] },
      { ext: 'webm', kind: 'video', mime: 'video/webm', names: ['webm', 'mkv'] },
    ],
  },
  {
    test: (b) => ascii(b, 4, 8) === 'ftyp',
    formats: [
      { ext: 'm4a', kind: 'audio', mime: 'audio/mp4', names: ['m4a', 'mp4', 'aac'] },
      { ext: 'mp4', kind: 'video', mime: 'video/mp4', names: ['mp4', 'm4v', 'mov', '3gp'] },
    ],
  },
  {
    test: (b) => ascii(b, 0, 5) === '%PDF-',
    formats: [{ ext: 'pdf', kind: 'application', mime: 'application/pdf', names: ['pdf'] }],
  },
  {
    // Zip containers: the office formats of today and plain archives.
    test: (b) => starts(b, [0x50, 0x4b, 0x03, 0x04]),
    formats: ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'zip'].map((ext) => ({
      ext,
      kind: 'application' as const,
      mime: 'application/octet-stream',
      names: [ext],
    })),
  },
  {
    // The older office formats (OLE compound files).
    test: (b) => starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    formats: ['doc', 'xls', 'ppt'].map((ext) => ({
      ext,
      kind: 'application' as const,
      mime: 'application/octet-stream',
      names: [ext],
    })),
  },
];

/** Plain text has no signature: it is accepted as such only when it really is text. */
const textFormats: Format[] = ['txt', 'csv'].map((ext) => ({
  ext,
  kind: 'application',
  mime: 'text/plain; charset=utf-8',
  names: [ext],
}));

function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const kindOfMime = (mime: string): MediaKind | undefined => {
  const top = mime.split('/')[0];
  if (top === 'image' || top === 'video' || top === 'audio') return top;
  return mime.startsWith('application/') || mime.startsWith('text/') ? 'application' : undefined;
};

/**
 * The stored format of an upload, read from its bytes, or undefined when the bytes are of no accepted
 * format or disagree with what the sender declared (a script named .png, a pdf sent as audio/ogg).
 * A declared `application/octet-stream` says nothing, so it only has to fit the extension.
 */
export function sniffMedia(bytes: Buffer, declared: { filename: string; mimetype: string }) {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(declared.filename)?.[1]?.toLowerCase();
  const mime = declared.mimetype.toLowerCase().split(';')[0]?.trim() ?? '';
  const declaredKind = mime === 'application/octet-stream' || mime === '' ? undefined : kindOfMime(mime);
  const candidates =
    signatures.find((s) => s.test(bytes))?.formats ?? (isPlainText(bytes) ? textFormats : []);
  return candidates.find(
    (format) =>
      (extension === undefined || format.names.includes(extension)) &&
      (declaredKind === undefined
        ? extension !== undefined || format.kind !== 'application'
        : declaredKind === format.kind),
  );
}

const mimeOfExt = new Map(
  [...signatures.flatMap((s) => s.formats), ...textFormats].map((f) => [f.ext, f.mime] as const),
);

/** The content type a stored key is served with; what is not media is a download. */
export const contentTypeOf = (key: string) =>
  mimeOfExt.get(key.split('.').pop()?.toLowerCase() ?? '') ?? 'application/octet-stream';
