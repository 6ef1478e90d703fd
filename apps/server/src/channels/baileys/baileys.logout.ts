import type { AuthenticationState, SignalDataTypeMap } from '@whiskeysockets/baileys';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { baileysLogouts, baileysSessions } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { AppDeps } from '../../platform/context.js';
import { loggableError } from '../../platform/errors.js';
import { credsFromText } from './baileys.auth-state.js';
import { loadBaileys } from './baileys.lib.js';
import type { SocketFactory, WhatsappSocket } from './baileys.socket.js';

const LOGOUT_JOB = 'whatsapp.logout';

type Target = { companyId: number; connectionId: number };

interface PendingLogout {
  companyId: number;
  /** The row holding the sealed creds: the job's data never carries the secret itself. */
  logoutId: number;
}

/**
 * In the transaction that wipes a session (a delete, by cascade; a disconnect): the creds are set aside,
 * sealed, and a job that logs the phone out with them is queued. `delaySeconds` leaves a
 * live holder the time to do it through its own socket first (it then drops the row: `logoutDone`).
 */
export async function queueLogout(deps: AppDeps, tx: Tx, target: Target, delaySeconds: number) {
  const [session] = await tx
    .select({ creds: baileysSessions.creds })
    .from(baileysSessions)
    .where(tenant(baileysSessions, target.companyId, eq(baileysSessions.connectionId, target.connectionId)));
  // Never paired: no phone to log out.
  if (!session) return;
  const [row] = await tx
    .insert(baileysLogouts)
    .values({ ...target, sealedCreds: deps.secrets.seal(session.creds) })
    .returning({ id: baileysLogouts.id });
  if (!row) return;
  const job: PendingLogout = { companyId: target.companyId, logoutId: row.id };
  // One retry, for a process that died mid-attempt; an attempt that ends, ends the row.
  await deps.jobs.send(LOGOUT_JOB, job, { startAfter: delaySeconds, retryLimit: 1, retryDelay: 5 }, tx);
}

/** After the commit: a job queued without delay is taken now rather than at the next poll. */
export const wakeLogouts = (deps: AppDeps) => deps.jobs.wake(LOGOUT_JOB);

/** The live session logged the phone out itself: the set-aside creds are no longer needed. */
export async function logoutDone(deps: AppDeps, target: Target) {
  await deps.db
    .delete(baileysLogouts)
    .where(tenant(baileysLogouts, target.companyId, eq(baileysLogouts.connectionId, target.connectionId)));
}

/** Signal keys held in memory: logging out needs none of the stored ones, and writes nothing worth keeping. */
function memoryKeys(): AuthenticationState['keys'] {
  const store = new Map<string, unknown>();
  return {
    async get(type, ids) {
      const found: { [id: string]: SignalDataTypeMap[typeof type] } = {};
      for (const id of ids) {
        const value = store.get(`${type}:${id}`);
        if (value !== undefined) found[id] = value as SignalDataTypeMap[typeof type];
      }
      return found;
    },
    async set(data) {
      for (const [type, entries] of Object.entries(data))
        for (const [id, value] of Object.entries(entries ?? {}))
          if (value == null) store.delete(`${type}:${id}`);
          else store.set(`${type}:${id}`, value);
    },
  };
}

/** Resolves once the socket opens; rejects if it closes, asks to pair again, or stays shut for `waitMs`. */
function opened(socket: WhatsappSocket, waitMs: number) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`WhatsApp did not open within ${waitMs} ms`)), waitMs);
    socket.ev.on('connection.update', (update) => {
      if (update.connection === 'open') resolve();
      else if (update.qr) reject(new Error('WhatsApp no longer knows these creds'));
      else if (update.connection === 'close')
        reject(update.lastDisconnect?.error ?? new Error('WhatsApp closed the connection'));
      else return;
      clearTimeout(timer);
    });
  });
}

async function logOutWith(factory: SocketFactory, credsText: string, waitMs: number) {
  await loadBaileys();
  const socket = factory({
    auth: { creds: credsFromText(credsText), keys: memoryKeys() },
    getMessage: async () => undefined,
    syncFullHistory: false,
  });
  try {
    await opened(socket, waitMs);
    await socket.logout();
  } finally {
    try {
      socket.end(undefined);
    } catch {
      // Already closed by the logout.
    }
  }
}

/** Logs out, from their set-aside creds, the phones of connections deleted or disconnected while no session here could. */
export async function registerLogoutJob(deps: AppDeps, factory: SocketFactory, waitMs: number) {
  await deps.jobs.work<PendingLogout>(LOGOUT_JOB, async ({ companyId, logoutId }) => {
    const where = tenant(baileysLogouts, companyId, eq(baileysLogouts.id, logoutId));
    const [row] = await deps.db.select().from(baileysLogouts).where(where);
    // Logged out by the live session in the meantime.
    if (!row) return;
    const about = { companyId, connectionId: row.connectionId };
    try {
      await logOutWith(factory, deps.secrets.open(row.sealedCreds), waitMs);
      deps.log.info(about, 'whatsapp phone of a forgotten session logged out');
    } catch (error) {
      // The session is gone either way; the phone keeps listing the device until its user removes it.
      deps.log.warn(
        { ...about, ...loggableError(error) },
        'whatsapp phone of a forgotten session not logged out',
      );
    } finally {
      await deps.db.delete(baileysLogouts).where(where);
    }
  });
}
