import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

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

/**
 * Reads an uploaded image whole and checks its bytes, not the name or the declared type,
 * so a script renamed .png is refused.
 */
export async function readImageUpload(
  file: MultipartFile | undefined,
): Promise<{ bytes: Buffer; ext: string }> {
  if (!file) throw new AppError('ERR_VALIDATION', 'A file is required', { file: 'required' });
  const bytes = await file.toBuffer().catch((error: unknown) => {
    throw (error as { statusCode?: number }).statusCode ? error : malformed();
  });
  if (file.file.truncated) throw new AppError('ERR_FILE_TOO_LARGE');
  const kind = imageSignatures.find((s) => s.test(bytes));
  if (!kind) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
  return { bytes, ext: kind.ext };
}

export const mediaKey = (companyId: number, folder: string, ext: string) =>
  `company${companyId}/${folder}/${randomUUID()}.${ext}`;
