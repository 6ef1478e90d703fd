import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { sniffMedia } from './media-types.js';

const imageSignatures: { mime: string; ext: string; test: (b: Buffer) => boolean }[] = [
  {
    mime: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  },
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', ext: 'gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    mime: 'image/webp',
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

const malformed = () => new AppError('ERR_VALIDATION', 'Malformed multipart body', { file: 'invalidValue' });

/** The first file of a multipart body; a body the parser cannot read is bad input, not a server error. */
export async function uploadedFile(request: FastifyRequest): Promise<MultipartFile | undefined> {
  return request.file().catch((error: unknown) => {
    throw error instanceof AppError || (error as { statusCode?: number }).statusCode ? error : malformed();
  });
}

/** An uploaded file's bytes, read whole: a body cut short is bad input, one over the limit too large. */
export async function uploadedBytes(file: MultipartFile | undefined): Promise<Buffer> {
  if (!file) throw new AppError('ERR_VALIDATION', 'A file is required', { file: 'required' });
  const bytes = await file.toBuffer().catch((error: unknown) => {
    throw (error as { statusCode?: number }).statusCode ? error : malformed();
  });
  if (file.file.truncated) throw new AppError('ERR_FILE_TOO_LARGE');
  return bytes;
}

/**
 * Reads an uploaded image whole and checks its bytes, not the name or the declared type,
 * so a script renamed .png is refused.
 */
export async function readImageUpload(
  file: MultipartFile | undefined,
): Promise<{ bytes: Buffer; ext: string }> {
  const bytes = await uploadedBytes(file);
  const kind = imageSignatures.find((s) => s.test(bytes));
  if (!kind) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
  return { bytes, ext: kind.ext };
}

export const mediaKey = (companyId: number, folder: string, ext: string) =>
  `company${companyId}/${folder}/${randomUUID()}.${ext}`;

/** The name a person gave the file: its base name, never a path, without control characters. */
export function displayName(filename: string, fallback = 'file'): string {
  const base = filename.replace(/^.*[\\/]/, '');
  const printable = [...base].filter((char) => char.charCodeAt(0) >= 32).join('');
  return printable.slice(0, 200) || fallback;
}

/**
 * Reads a chat attachment whole and classifies it by its bytes; an oversized file, or one whose
 * bytes disagree with its declared type or name, is refused before anything is stored.
 */
export async function readMediaUpload(file: MultipartFile | undefined) {
  const bytes = await uploadedBytes(file);
  if (bytes.length === 0) throw new AppError('ERR_VALIDATION', 'The file is empty', { file: 'required' });
  const filename = file?.filename ?? '';
  const format = sniffMedia(bytes, { filename, mimetype: file?.mimetype ?? '' });
  if (!format) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
  return { bytes, ext: format.ext, kind: format.kind, name: displayName(filename, `file.${format.ext}`) };
}

/** The text fields a multipart body carried before its file, as plain values for a zod schema. */
export function multipartFields(file: MultipartFile | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(file?.fields ?? {}).flatMap(([name, field]) =>
      field && !Array.isArray(field) && field.type === 'field' ? [[name, field.value]] : [],
    ),
  );
}
