import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { readMediaUpload } from '../../platform/storage/uploads.js';

export type MediaUpload = Awaited<ReturnType<typeof readMediaUpload>>;

/** The form's file field; `medias[]` is how some clients name a repeated one. */
const mediaFields = new Set(['medias', 'medias[]']);

const malformed = () =>
  new AppError('ERR_VALIDATION', 'Malformed multipart body', { medias: 'invalidValue' });

/**
 * A multipart call becomes the body its schema then checks: the text parts as fields and every file,
 * read whole and classified by its bytes as chat uploads are, under `medias`. JSON bodies pass as they are.
 */
export async function readMultipartBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, unknown> = {};
  const medias: MediaUpload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = part.value;
      else if (mediaFields.has(part.fieldname)) medias.push(await readMediaUpload(part));
      else throw new AppError('ERR_VALIDATION', 'Unknown file field', { [part.fieldname]: 'invalidValue' });
    }
  } catch (error) {
    throw error instanceof AppError || (error as { statusCode?: number }).statusCode ? error : malformed();
  }
  request.body = { ...fields, medias };
}
