import { events, type ImportMessagesEvent } from '@balcao/shared';
import type { BaileysEventMap, proto, WAMessageKey } from '@whiskeysockets/baileys';
import { and, eq } from 'drizzle-orm';
import { connections } from '../../db/schema/index.js';
import { findByExternalId } from '../../modules/messages/messages.queries.js';
import type { AppDeps } from '../../platform/context.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { closeImportedBySystem } from './baileys.close-imported.js';
import { mapMessage } from './baileys.inbound.js';
import type { SessionContext } from './baileys.live-session.js';
import { receiveMapped } from './baileys.receive.js';

type History = BaileysEventMap['messaging-history.set'];

/**
 * WhatsApp's history batches. Messages from the gap while the session was down are back-filled as
 * "arrived while offline"; with an import configured (importOldMessages .. importRecentMessages),
 * messages in that range are stored as imported, groups only with importOldMessagesGroups.
 */
export async function importHistory(deps: AppDeps, ctx: SessionContext, history: History) {
  const { connection, session } = ctx;
  const from = connection.importOldMessages;
  const until = connection.importRecentMessages ?? new Date();
  const offline = session.offline;
  const wanted = history.messages.flatMap((message) => {
    const mapped = mapMessage(message);
    if (mapped.kind !== 'message') return [];
    const inGap = offline !== undefined && mapped.createdAt.getTime() >= offline.since.getTime() - 1000;
    const inImport =
      from !== null &&
      mapped.createdAt >= from &&
      mapped.createdAt <= until &&
      (!mapped.chat.isGroup || connection.importOldMessagesGroups);
    return inGap || inImport ? [{ message, mapped, inGap }] : [];
  });
  if (wanted.length === 0) return;

  const progress = (payload: ImportMessagesEvent) =>
    deps.realtime.toRoom(
      rooms.audience(session.companyId, 'connections:view'),
      events.importMessages(session.companyId),
      payload,
    );
  let done = 0;
  await markImporting(deps, ctx);
  for (const { message, mapped, inGap } of wanted) {
    // Oldest first would be nicer, but WhatsApp sends each chat newest first; createdAt orders them in the chat.
    await receiveMapped(deps, ctx, message, mapped, inGap ? { arrivedOffline: true } : { imported: true });
    done += 1;
    if (done % 50 === 0 || done === wanted.length) {
      await markImporting(deps, ctx);
      progress({
        action: 'update',
        status: { this: done, all: wanted.length },
        whatsappId: session.connectionId,
      });
    }
  }
  if (history.isLatest === false) return;
  // Only a configured import closes: a gap back-fill alone must not close an earlier import's tickets.
  if (from !== null && connection.closedTicketsPostImported)
    await closeImportedBySystem(deps, session.companyId, session.connectionId);
  progress({ action: 'refresh', whatsappId: session.connectionId });
}

/** The web shows its disabled "preparing" button while this is under 35 s old. */
async function markImporting(deps: AppDeps, ctx: SessionContext) {
  await deps.db
    .update(connections)
    .set({ statusImportMessages: new Date() })
    .where(
      and(eq(connections.companyId, ctx.session.companyId), eq(connections.id, ctx.session.connectionId)),
    );
}

/**
 * WhatsApp asks again for a message the recipient could not decrypt; without an answer they see
 * "waiting for this message". Answered from the stored copy.
 */
export async function storedMessageContent(
  deps: AppDeps,
  target: { companyId: number; connectionId: number },
  key: WAMessageKey,
): Promise<proto.IMessage | undefined> {
  if (!key.id) return undefined;
  const stored = await findByExternalId(deps.db, target.companyId, target.connectionId, key.id);
  return stored && !stored.isDeleted ? { conversation: stored.body } : undefined;
}
