import type { ConnectionHistory, WhatsappSession } from '@balcao/shared';
import { and, desc, eq } from 'drizzle-orm';
import { connectionStatusEvents, connections } from '../../db/schema/index.js';
import { requireChannelPlan } from '../../modules/connections/connections.plan.js';
import { findConnection } from '../../modules/connections/connections.queries.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { closeImportedTickets } from './baileys.close-imported.js';
import type { WhatsappSessions } from './baileys.sessions.js';

const HISTORY_PAGE = 30;

async function whatsappConnection(ctx: Ctx, id: number) {
  const row = await findConnection(ctx.db, ctx.companyId, id);
  if (row?.channel !== 'whatsapp') throw new AppError('ERR_NO_WAPP_FOUND');
  return row;
}

/** A plan without WhatsApp connects no session: what it received until then stays readable. */
async function connectableConnection(ctx: Ctx, id: number) {
  const row = await whatsappConnection(ctx, id);
  requireChannelPlan(ctx.actor, 'whatsapp');
  return row;
}

/** The QR modal's first state; later states arrive over the socket. */
export async function showSession(ctx: Ctx, id: number): Promise<WhatsappSession> {
  const row = await whatsappConnection(ctx, id);
  return {
    id: row.id,
    status: row.status as WhatsappSession['status'],
    qrcode: row.qrcode,
    pairingCode: '',
    retries: row.retries,
  };
}

/** "Try again" and the QR button: the session starts with what is stored (a QR if nothing is). */
export async function startSession(ctx: Ctx, sessions: WhatsappSessions, id: number, pairingNumber?: string) {
  await connectableConnection(ctx, id);
  await sessions.start({ companyId: ctx.companyId, connectionId: id }, { pairingNumber, seize: true });
}

/** "New QR": the stored session is forgotten and pairing starts over. */
export async function renewSession(ctx: Ctx, sessions: WhatsappSessions, id: number) {
  await connectableConnection(ctx, id);
  await sessions.stop({ companyId: ctx.companyId, connectionId: id }, { logout: true });
  await sessions.start({ companyId: ctx.companyId, connectionId: id }, { seize: true });
}

/** "Disconnect": WhatsApp forgets this device and the stored session is wiped. */
export async function endSession(ctx: Ctx, sessions: WhatsappSessions, id: number) {
  await whatsappConnection(ctx, id);
  await sessions.stop({ companyId: ctx.companyId, connectionId: id }, { logout: true });
}

/** `POST /whatsapp-restart/`: every WhatsApp session of the company reconnects. */
export async function restartSessions(ctx: Ctx, sessions: WhatsappSessions) {
  requireChannelPlan(ctx.actor, 'whatsapp');
  const rows = await ctx.db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.companyId, ctx.companyId), eq(connections.channel, 'whatsapp')));
  for (const { id } of rows)
    await sessions.start({ companyId: ctx.companyId, connectionId: id }, { seize: true });
}

/** `POST /closedimported/{id}`: the tickets a history import opened are closed in one go. */
export async function closeImported(ctx: Ctx, id: number) {
  await whatsappConnection(ctx, id);
  return closeImportedTickets(ctx, id);
}

export async function connectionHistory(
  ctx: Ctx,
  id: number,
  pageNumber: number,
): Promise<ConnectionHistory> {
  await findConnection(ctx.db, ctx.companyId, id).then((row) => {
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
  });
  const rows = await ctx.db
    .select()
    .from(connectionStatusEvents)
    .where(
      and(eq(connectionStatusEvents.companyId, ctx.companyId), eq(connectionStatusEvents.connectionId, id)),
    )
    .orderBy(desc(connectionStatusEvents.createdAt), desc(connectionStatusEvents.id))
    .limit(HISTORY_PAGE + 1)
    .offset((pageNumber - 1) * HISTORY_PAGE);
  return {
    events: rows.slice(0, HISTORY_PAGE).map((row) => ({
      status: row.status as ConnectionHistory['events'][number]['status'],
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    })),
    hasMore: rows.length > HISTORY_PAGE,
  };
}
