import type { ConnectionState } from '@whiskeysockets/baileys';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { connections } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError, loggableError } from '../../platform/errors.js';
import { loadAuthState, wipeAuthState } from './baileys.auth-state.js';
import { attachMessageEvents } from './baileys.events.js';
import { storedMessageContent } from './baileys.history.js';
import type { Lease } from './baileys.lease.js';
import { loadBaileys } from './baileys.lib.js';
import type { LiveSession } from './baileys.live-session.js';
import { logoutDone, queueLogout, wakeLogouts } from './baileys.logout.js';
import { onClose } from './baileys.reconnect.js';
import type { SocketFactory, WhatsappSocket } from './baileys.socket.js';
import { offlineSince, setSessionStatus } from './baileys.status.js';

/** Sessions of a dead process started at once by the one taking them over. */
const TAKEOVER_CONCURRENCY = 8;

export interface WhatsappSessions {
  /** Starts (or restarts) the connection's session here, if no other live process holds it. */
  start(
    target: { companyId: number; connectionId: number },
    /** `takeover`: adopted from a process that died, which the timeline and the admins hear as a drop. */
    options?: { pairingNumber?: string; seize?: boolean; takeover?: boolean },
  ): Promise<boolean>;
  /** Ends the session; with `logout` WhatsApp forgets the device and the stored session is wiped. */
  stop(target: { companyId: number; connectionId: number }, options: { logout: boolean }): Promise<void>;
  /**
   * In the delete's transaction: the creds are set aside for a job that logs the phone out (`queueLogout`),
   * at once if no session is open, or after a lease's time as the backstop of the open session's holder.
   */
  deleting(tx: Tx, target: { companyId: number; connectionId: number }): Promise<void>;
  /**
   * The connection was deleted: if this process holds its open session, WhatsApp forgets the device now.
   * Another holder finds the connection gone at its next lease renewal and does the same (`tick`).
   */
  deleted(target: { companyId: number; connectionId: number }): Promise<void>;
  socketOf(connectionId: number): WhatsappSocket | undefined;
  /**
   * The socket to send on, once the database confirms this session still holds the lease; a session
   * taken over meanwhile (its process frozen past the lease) closes its socket instead, and the send
   * fails with ERR_WAPP_NOT_INITIALIZED for the outbox to retry through the holder.
   */
  sendingSocket(connectionId: number): Promise<WhatsappSocket>;
  sessionOf(connectionId: number): LiveSession | undefined;
  /** Renews our leases and takes over sessions whose holder stopped renewing. */
  tick(): Promise<void>;
  close(): Promise<void>;
}

export function createWhatsappSessions(
  deps: AppDeps,
  options: { factory: SocketFactory; lease: Lease; leaseSeconds: number; retryBaseMs: number },
): WhatsappSessions {
  const live = new Map<number, LiveSession>();
  const { lease } = options;

  const forget = (session: LiveSession) => {
    session.ended = true;
    clearTimeout(session.timer);
    // Found stale after an await: a newer session of the connection may have started meanwhile.
    if (live.get(session.connectionId) === session) live.delete(session.connectionId);
  };

  const endSocket = (session: LiveSession) => {
    const socket = session.socket;
    session.socket = undefined;
    try {
      socket?.end(undefined);
    } catch {
      // Already closed: nothing to release.
    }
  };

  /**
   * Detached first: the close that logging out causes is ours, not a drop to react to. Answers whether
   * WhatsApp took the logout.
   */
  const logOut = async (session: LiveSession) => {
    forget(session);
    const socket = session.socket;
    session.socket = undefined;
    const done = socket
      ? await socket.logout().then(
          () => true,
          () => false,
        )
      : false;
    try {
      socket?.end(undefined);
    } catch {
      // Already closed by the logout.
    }
    return done;
  };

  /**
   * "Disconnect" and "New QR": the stored session is wiped. A phone this process could not log out (its
   * socket down, or the session held nowhere here) is logged out by a job from the creds set aside in the
   * same transaction, or it would keep listing a device that no longer exists.
   */
  const forgetDevice = async (target: { companyId: number; connectionId: number }, session?: LiveSession) => {
    const loggedOut = session ? await logOut(session) : false;
    await deps.db.transaction(async (tx) => {
      if (!loggedOut) await queueLogout(deps, tx, target, 0);
      await wipeAuthState(tx, target.connectionId);
    });
    if (!loggedOut) wakeLogouts(deps);
  };

  const status = (session: LiveSession, change: Parameters<typeof setSessionStatus>[2]) =>
    setSessionStatus(deps, session, change);

  async function connect(session: LiveSession, reason?: string) {
    if (session.ended) return;
    await loadBaileys();
    await session.credsSaved;
    const auth = await loadAuthState(deps.db, session.companyId, session.connectionId);
    const [row] = await deps.db
      .select({ old: connections.importOldMessages })
      .from(connections)
      .where(and(eq(connections.companyId, session.companyId), eq(connections.id, session.connectionId)));
    // Last, right before the socket: a reconnect timer of a process that froze past its lease fires
    // when it thaws, and a second socket with the same creds would knock the new holder's off (440).
    if (session.ended || !(await lease.renew(session))) {
      forget(session);
      return;
    }
    const socket = options.factory({
      auth: auth.state,
      getMessage: (key) => storedMessageContent(deps, session, key),
      syncFullHistory: row?.old != null,
    });
    session.socket = socket;
    socket.ev.on('creds.update', () => {
      session.credsSaved = session.credsSaved
        .then(() => auth.saveCreds())
        .catch((error) => deps.log.error(loggableError(error), 'whatsapp creds not saved'));
    });
    socket.ev.on('connection.update', (update) => {
      if (session.socket !== socket || session.ended) return;
      onUpdate(session, socket, update, auth.state.creds.registered).catch((error) =>
        deps.log.error(loggableError(error), 'whatsapp connection update failed'),
      );
    });
    attachMessageEvents(deps, session, socket);
    await status(session, { status: 'OPENING', retries: session.attempt, reason });
  }

  async function onUpdate(
    session: LiveSession,
    socket: WhatsappSocket,
    update: Partial<ConnectionState>,
    registered: boolean,
  ) {
    if (update.qr) {
      if (session.pairingNumber && !registered) {
        const pairingCode = await socket.requestPairingCode(session.pairingNumber);
        await status(session, { status: 'PAIRING', pairingCode });
      } else await status(session, { status: 'qrcode', qrcode: update.qr });
    }
    if (update.connection === 'open') {
      session.attempt = 0;
      session.pairingNumber = undefined;
      const since = await offlineSince(deps, session.connectionId);
      session.offline = since ? { since, until: new Date() } : undefined;
      const number = socket.user?.id.split(/[:@]/)[0] ?? '';
      await deps.db
        .update(connections)
        .set({ number })
        .where(and(eq(connections.companyId, session.companyId), eq(connections.id, session.connectionId)));
      await status(session, { status: 'CONNECTED' });
    }
    if (update.connection === 'close') await onSocketClosed(session, update.lastDisconnect?.error);
  }

  async function onSocketClosed(session: LiveSession, error: Error | undefined) {
    endSocket(session);
    // Closed because another process took the session over (440 from the overlap): not ours to report.
    if (!(await lease.renew(session))) {
      forget(session);
      return;
    }
    // Baileys closes with a Boom error: the disconnect code is its HTTP-like status.
    const code = (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;
    const reason = String(code ?? 'closed');
    const action = onClose(code, error?.message ?? '', session.attempt, options.retryBaseMs);
    if (action.kind === 'restart') {
      await connect(session);
      return;
    }
    if (action.kind === 'retry') {
      session.attempt += 1;
      await status(session, { status: 'TIMEOUT', reason, retries: session.attempt });
      session.timer = setTimeout(() => {
        connect(session).catch((e) => deps.log.error(loggableError(e), 'whatsapp reconnect failed'));
      }, action.delayMs);
      return;
    }
    forget(session);
    if (action.kind === 'logout') await wipeAuthState(deps.db, session.connectionId);
    await lease.release(session);
    await status(session, { status: action.status, reason });
  }

  /** Renews this process's leases, lets go of sessions another process took, and takes over orphans. */
  async function runTick() {
    for (const session of [...live.values()]) {
      if (await lease.renew(session)) continue;
      if (await lease.deleted(session)) {
        await sessions.deleted(session);
        continue;
      }
      // Another process owns it now (we were presumed dead): let go without touching its status.
      forget(session);
      endSocket(session);
    }
    // A dead process leaves all its sessions at once: started a few at a time, not one after another,
    // so the last of a hundred is not left waiting for the ninety-nine before it.
    const orphans = (await lease.orphans()).filter((orphan) => !live.has(orphan.id));
    for (let next = 0; next < orphans.length; next += TAKEOVER_CONCURRENCY) {
      const started = await Promise.allSettled(
        orphans
          .slice(next, next + TAKEOVER_CONCURRENCY)
          .map((orphan) =>
            sessions.start({ companyId: orphan.companyId, connectionId: orphan.id }, { takeover: true }),
          ),
      );
      for (const result of started)
        if (result.status === 'rejected')
          deps.log.error(loggableError(result.reason), 'whatsapp takeover failed');
    }
  }
  let lastTick: Promise<unknown> = Promise.resolve();
  let nextTick: Promise<void> | undefined;

  const sessions: WhatsappSessions = {
    async start(target, startOptions = {}) {
      const current = live.get(target.connectionId);
      if (current) {
        forget(current);
        endSocket(current);
      }
      const generation = startOptions.seize ? await lease.seize(target) : await lease.acquire(target);
      if (generation === undefined) return false;
      const session: LiveSession = {
        ...target,
        generation,
        attempt: 0,
        ended: false,
        pairingNumber: startOptions.pairingNumber,
        credsSaved: Promise.resolve(),
      };
      live.set(target.connectionId, session);
      await connect(session, startOptions.takeover ? 'takeover' : undefined);
      return true;
    },
    async stop(target, stopOptions) {
      const session = live.get(target.connectionId);
      if (stopOptions.logout) await forgetDevice(target, session);
      else if (session) {
        forget(session);
        endSocket(session);
      }
      await lease.release(session ?? target);
      await setSessionStatus(deps, target, { status: 'DISCONNECTED', reason: 'user' });
    },
    async deleting(tx, target) {
      const open = await lease.heldOpen(tx, target);
      await queueLogout(deps, tx, target, open ? options.leaseSeconds : 0);
    },
    async deleted(target) {
      wakeLogouts(deps);
      const session = live.get(target.connectionId);
      // The stored creds and keys went with the connection's row (cascade), in the delete's transaction.
      if (session && (await logOut(session))) await logoutDone(deps, target);
    },
    socketOf: (connectionId) => live.get(connectionId)?.socket,
    async sendingSocket(connectionId) {
      const session = live.get(connectionId);
      if (!session?.socket) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      if (!(await lease.holds(session))) {
        forget(session);
        endSocket(session);
      }
      if (!session.socket || session.ended) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      return session.socket;
    },
    sessionOf: (connectionId) => live.get(connectionId),
    tick() {
      // A tick slower than the interval (a takeover of many sessions on a busy machine) must not overlap
      // the next, which would start the same orphans again and restart what the first had just started.
      // So ticks run one after another, and calls made while one waits share it: each caller still gets
      // a tick that starts after its call.
      nextTick ??= lastTick.then(() => {
        nextTick = undefined;
        const run = runTick();
        lastTick = run.catch(() => undefined);
        return run;
      });
      return nextTick;
    },
    async close() {
      for (const session of [...live.values()]) {
        forget(session);
        endSocket(session);
        await lease.release(session);
      }
    },
  };
  return sessions;
}
