import { type Message, sendMediaFields } from '@balcao/shared';
import type { MultipartFile } from '@fastify/multipart';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { mediaKey, multipartFields, readMediaUpload } from '../../platform/storage/uploads.js';
import { storeOutbound } from './messages.outbox.js';
import { writableTicket } from './messages.service.js';

function fieldsOf(file: MultipartFile | undefined) {
  const parsed = sendMediaFields.safeParse(multipartFields(file));
  if (parsed.success) return parsed.data;
  const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  throw new AppError('ERR_VALIDATION', 'Invalid message fields', fields);
}

/**
 * An attendant's attachment (spec 000 §7, multipart `POST /messages/{ticketId}`). Every check runs
 * before the file is stored, and a message that cannot be stored takes its file with it: a refusal
 * leaves neither an orphan file nor a message row.
 */
export async function sendMediaMessage(
  ctx: Ctx,
  ticketId: number,
  file: MultipartFile | undefined,
): Promise<Message> {
  const upload = await readMediaUpload(file);
  const input = fieldsOf(file);
  const { ticket, quoted } = await writableTicket(ctx, ticketId, input);
  const key = mediaKey(ctx.companyId, 'messages', upload.ext);
  await ctx.storage.put(key, upload.bytes);
  try {
    return await storeOutbound(ctx, {
      quoted,
      companyId: ctx.companyId,
      ticket,
      body: input.body,
      kind: 'chat',
      userId: ctx.actor.userId,
      isPrivate: input.isPrivate,
      media: { mediaPath: key, mediaType: upload.kind, mediaName: upload.name },
    });
  } catch (error) {
    await ctx.storage.remove(key);
    throw error;
  }
}
