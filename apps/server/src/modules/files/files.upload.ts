import type { FileList } from '@balcao/shared';
import { uploadFileFields } from '@balcao/shared';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { fileListOptions } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { mediaKey } from '../../platform/storage/uploads.js';
import { publishFileList } from './files.events.js';
import { findFileList } from './files.queries.js';
import { showFileList } from './files.service.js';

/** What a bot may send from a file list, recognised by its bytes (never by the name or declared type). */
const kinds: { ext: string; mediaType: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', mediaType: 'image', test: (b) => b.subarray(0, 4).equals(Buffer.from([137, 80, 78, 71])) },
  { ext: 'jpg', mediaType: 'image', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mediaType: 'image', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { ext: 'pdf', mediaType: 'document', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  { ext: 'ogg', mediaType: 'audio', test: (b) => b.subarray(0, 4).toString('latin1') === 'OggS' },
  {
    ext: 'mp3',
    mediaType: 'audio',
    test: (b) =>
      b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  },
  { ext: 'mp4', mediaType: 'video', test: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' },
];

const displayName = (filename: string) =>
  [...filename.replace(/^.*[\\/]/, '')]
    .filter((c) => c.charCodeAt(0) >= 32)
    .join('')
    .slice(0, 200) || 'file';

/** POST /files/uploadList/{id}: the multipart field `fileId` (sent before the file) names the row. */
export async function uploadFileListOption(
  ctx: Ctx,
  listId: number,
  file: MultipartFile | undefined,
): Promise<FileList> {
  if (!(await findFileList(ctx.db, ctx.companyId, listId))) throw new AppError('ERR_NO_FILE_LIST_FOUND');
  if (!file) throw new AppError('ERR_VALIDATION', 'A file is required', { file: 'required' });
  const field = file.fields.fileId as { value?: unknown } | undefined;
  const parsed = uploadFileFields.safeParse({ fileId: field?.value });
  if (!parsed.success)
    throw new AppError('ERR_VALIDATION', 'Which row the file is for', { fileId: 'required' });
  const [option] = await ctx.db
    .select()
    .from(fileListOptions)
    .where(
      tenant(
        fileListOptions,
        ctx.companyId,
        eq(fileListOptions.id, parsed.data.fileId),
        eq(fileListOptions.fileListId, listId),
      ),
    );
  if (!option) throw new AppError('ERR_NO_FILE_LIST_FOUND');
  const bytes = await file.toBuffer().catch((error: unknown) => {
    throw (error as { statusCode?: number }).statusCode ? error : new AppError('ERR_VALIDATION');
  });
  if (file.file.truncated) throw new AppError('ERR_FILE_TOO_LARGE');
  const kind = kinds.find((k) => k.test(bytes));
  if (!kind) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
  const key = mediaKey(ctx.companyId, 'file-lists', kind.ext);
  await ctx.storage.put(key, bytes);
  await ctx.db
    .update(fileListOptions)
    .set({
      path: key,
      mediaType: kind.mediaType,
      mediaName: displayName(file.filename),
      updatedAt: new Date(),
    })
    .where(tenant(fileListOptions, ctx.companyId, eq(fileListOptions.id, option.id)));
  if (option.path) await ctx.storage.remove(option.path);
  const record = await showFileList(ctx, listId);
  publishFileList(ctx, ctx.companyId, { action: 'update', record });
  return record;
}
