import {
  can,
  events,
  type SessionStatus,
  type WhatsappSession,
  type WhatsappSessionEvent,
} from '@balcao/shared';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { connectionStatusEvents, connections } from '../../db/schema/index.js';
import { publishConnection } from '../../modules/connections/connections.service.js';
import type { AppDeps } from '../../platform/context.js';
import type { AudienceSource } from '../../platform/realtime/audience.js';
import { rooms } from '../../platform/realtime/rooms.js';

/** The QR and pairing code let whoever sees them take over the number: only connection managers get them. */
const sessionViewers = (companyId: number) => rooms.audience(companyId, 'connections:view');

export const sessionAudience: AudienceSource = async (actor) =>
  can(actor, 'connections:view') ? [sessionViewers(actor.companyId)] : [];

export interface StatusChange {
  status: SessionStatus;
  qrcode?: string;
  pairingCode?: string;
  /** Why: a disconnect code or what the user did; recorded in the timeline. */
  reason?: string;
  /** Reconnect attempts since the session last opened. */
  retries?: number;
}

/**
 * The one writer of a WhatsApp connection's status: the row, its timeline entry, the table's
 * `whatsapp` event (no QR) to the company and the session (with the QR) to connection managers.
 * A connected session going down is announced to them as a drop.
 */
export async function setSessionStatus(
  deps: AppDeps,
  target: { companyId: number; connectionId: number },
  change: StatusChange,
) {
  const where = and(eq(connections.companyId, target.companyId), eq(connections.id, target.connectionId));
  const [before] = await deps.db.select({ status: connections.status }).from(connections).where(where);
  if (!before) return;
  const qrcode = change.qrcode ?? '';
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(connections)
      .set({ status: change.status, qrcode, retries: change.retries ?? 0, updatedAt: new Date() })
      .where(where)
      .returning();
    // A new QR every 20 s is not a change of state worth a line in the timeline.
    if (updated && (before.status !== change.status || change.reason))
      await tx.insert(connectionStatusEvents).values({
        companyId: target.companyId,
        connectionId: target.connectionId,
        status: change.status,
        reason: change.reason ?? null,
      });
    return updated;
  });
  if (!row) return;

  await publishConnection({ ...deps, companyId: target.companyId }, row);
  const session: WhatsappSession = {
    id: row.id,
    status: change.status,
    qrcode,
    pairingCode: change.pairingCode ?? '',
    retries: row.retries,
  };
  publishSession(deps, target.companyId, { action: 'update', session });
  // A restart or disconnect the user asked for is no news to them; a loss or a takeover is.
  const lost = change.status === 'TIMEOUT' || (change.reason !== undefined && change.reason !== 'user');
  if (before.status === 'CONNECTED' && change.status !== 'CONNECTED' && lost)
    publishSession(deps, target.companyId, {
      action: 'dropped',
      whatsappId: row.id,
      name: row.name,
      reason: change.reason ?? '',
    });
}

function publishSession(deps: AppDeps, companyId: number, event: WhatsappSessionEvent) {
  deps.realtime.toRoom(sessionViewers(companyId), events.whatsappSession(companyId), event);
}

/**
 * Since when the session has been down: the first change after it was last connected, read from the
 * timeline so a process taking over a dead owner's session knows it too. Undefined while connected,
 * and before a first pairing (nothing can have been missed then).
 */
export async function offlineSince(deps: AppDeps, connectionId: number): Promise<Date | undefined> {
  const ofConnection = eq(connectionStatusEvents.connectionId, connectionId);
  const [connected] = await deps.db
    .select({ at: connectionStatusEvents.createdAt })
    .from(connectionStatusEvents)
    .where(and(ofConnection, eq(connectionStatusEvents.status, 'CONNECTED')))
    .orderBy(desc(connectionStatusEvents.createdAt))
    .limit(1);
  if (!connected) return undefined;
  const [dropped] = await deps.db
    .select({ at: connectionStatusEvents.createdAt })
    .from(connectionStatusEvents)
    .where(and(ofConnection, gt(connectionStatusEvents.createdAt, connected.at)))
    .orderBy(asc(connectionStatusEvents.createdAt))
    .limit(1);
  return dropped?.at;
}
