import { eq, sql } from 'drizzle-orm';
import { connections, messages } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import { publishMessageUpdates } from '../../modules/messages/messages.delivery.js';
import type { InboundMessage } from '../../modules/messages/messages.inbound-message.js';
import { findMessage } from '../../modules/messages/messages.queries.js';
import type { AppDeps } from '../../platform/context.js';
import type { ConnectionRow } from '../../platform/provider-connections.js';
import { type GraphClient, isGoneMedia } from './graph.client.js';
import { storeReceivedMedia } from './graph.media.js';
import { graphToken } from './graph.token.js';

const MEDIA_JOB = 'meta.media';
/** Where pg-boss hands a download after its last retry: the message then says the file is unavailable. */
const MEDIA_GIVEN_UP_JOB = 'meta.media-given-up';

/** A Cloud API media id (resolved with the connection's token), or a Messenger/Instagram CDN address. */
type MediaSource = { mediaId: string } | { url: string };

interface MediaJob {
  companyId: number;
  messageId: number;
  connectionId: number;
  source: MediaSource;
  /** The file's name as the sender gave it. */
  name: string | null;
  /** The type the webhook announced, trusted over the download's own header. */
  mime?: string;
}

/**
 * What a channel hands the intake for a file it fetches after the message is stored (receive.ts's
 * pendingMedia): `mediaType` is what the webhook said it is until the file itself tells.
 */
export function pendingMedia(
  deps: AppDeps,
  connection: Pick<ConnectionRow, 'id'>,
  source: MediaSource,
  file: { mediaType: string; name: string | null; mime?: string },
): NonNullable<InboundMessage['pendingMedia']> {
  return {
    mediaType: file.mediaType,
    mediaName: file.name,
    job: {
      name: MEDIA_JOB,
      data: { connectionId: connection.id, source, name: file.name, mime: file.mime },
      options: {
        retryLimit: deps.config.meta.mediaRetryLimit,
        retryDelay: deps.config.meta.mediaRetryDelaySeconds,
        retryBackoff: true,
        deadLetter: MEDIA_GIVEN_UP_JOB,
      },
    },
  };
}

const stillPending = (job: Pick<MediaJob, 'companyId' | 'messageId'>) =>
  tenant(messages, job.companyId, eq(messages.id, job.messageId), eq(messages.mediaStatus, 'pending'));

/**
 * Downloads a pending file into storage and gives its message the file, published as an update. A
 * failure is noted on the message (the reason it shows if this was the last try) and thrown, for
 * pg-boss to retry. Safe to run twice: the file's name is the message's, and a message no longer
 * pending is left alone.
 */
async function fetchMedia(deps: AppDeps, graph: GraphClient, job: MediaJob) {
  const [message] = await deps.db.select({ id: messages.id }).from(messages).where(stillPending(job));
  if (!message) return;
  const [connection] = await deps.db
    .select()
    .from(connections)
    .where(tenant(connections, job.companyId, eq(connections.id, job.connectionId)));
  if (!connection) throw new Error(`connection ${job.connectionId} of a pending media is gone`);
  const file = await download(deps, graph, connection, job).catch(async (error: unknown) => {
    const reason = isGoneMedia(error) ? 'ERR_MEDIA_EXPIRED' : 'ERR_MEDIA_DOWNLOAD_FAILED';
    await deps.db.update(messages).set({ mediaError: reason }).where(stillPending(job));
    throw error;
  });
  const stored = await storeReceivedMedia(deps, job.companyId, file, `received-${job.messageId}`);
  const [row] = await deps.db
    .update(messages)
    .set({ ...stored, mediaStatus: null, mediaError: null, updatedAt: new Date() })
    .where(stillPending(job))
    .returning();
  if (row) return publishMessageUpdates(deps, [row]);
  // Deleted meanwhile, or stored by another run under another type's name: this copy is no one's.
  const current = await findMessage(deps.db, job.companyId, job.messageId);
  if (current?.mediaPath !== stored.mediaPath) await deps.storage.remove(stored.mediaPath);
}

async function download(deps: AppDeps, graph: GraphClient, connection: ConnectionRow, job: MediaJob) {
  if ('url' in job.source) {
    // CDN addresses need no token.
    const file = await graph.download(job.source.url);
    return { ...file, name: job.name };
  }
  // A media id resolves to a short-lived address that needs the same token to download.
  const bearer = graphToken(deps, connection);
  const info = await graph.call<{ url: string; mime_type?: string }>({
    path: job.source.mediaId,
    auth: { bearer },
  });
  const file = await graph.download(info.url, bearer);
  return { bytes: file.bytes, mime: job.mime ?? info.mime_type ?? file.mime, name: job.name };
}

/** After the last retry: the message shows the file as unavailable, with the last failure's reason. */
async function giveUp(deps: AppDeps, job: MediaJob) {
  const rows = await deps.db
    .update(messages)
    .set({
      mediaStatus: 'unavailable',
      mediaError: sql`coalesce(${messages.mediaError}, 'ERR_MEDIA_DOWNLOAD_FAILED')`,
      updatedAt: new Date(),
    })
    .where(stillPending(job))
    .returning();
  await publishMessageUpdates(deps, rows);
}

export async function registerMediaJobs(deps: AppDeps, graph: GraphClient) {
  await deps.jobs.work<MediaJob>(MEDIA_GIVEN_UP_JOB, (job) => giveUp(deps, job));
  await deps.jobs.work<MediaJob>(MEDIA_JOB, (job) => fetchMedia(deps, graph, job));
}
