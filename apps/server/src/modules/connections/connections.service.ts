import { randomInt } from 'node:crypto';
import {
  type AuditAction,
  CONNECTION_TOKEN_LENGTH,
  type Connection,
  can,
  events,
  maskSecret,
  msg,
  type SaveConnectionBody,
  type UpdateConnectionBody,
} from '@balcao/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { connectionQueues, connections, queues } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { changedFields, recordAudit } from '../audit/audit.record.js';
import { takePlanRoom } from '../plans/plan-limits.js';
import { foreignQueueLink, toStoredSchedules } from '../queues/queues.queries.js';
import { checkClaim, rethrowTaken } from './connections.claims.js';
import { requireChannelPlan } from './connections.plan.js';
import {
  type ConnectionRow,
  findConnection,
  listCompanyConnections,
  queueIdsOf,
  toConnection,
} from './connections.queries.js';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Spec 000 §9: 30 random uppercase alphanumeric characters. */
const newConnectionToken = () =>
  Array.from(
    { length: CONNECTION_TOKEN_LENGTH },
    () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)],
  ).join('');

/** The website chat needs no outside session, and a Meta channel only its token: both are connected at once. */
const initialStatus = (input: SaveConnectionBody) =>
  input.channel === 'webchat' || (input.channel !== 'whatsapp' && input.accessToken)
    ? 'CONNECTED'
    : 'DISCONNECTED';

/** Presents a changed row and tells the company's sockets; answers what it presented. */
export async function publishConnection(
  ctx: Pick<Ctx, 'db' | 'links' | 'realtime' | 'companyId' | 'secrets'>,
  row: ConnectionRow,
): Promise<Connection> {
  const connection = await presentOne(ctx, row);
  publish(ctx, connection);
  return connection;
}

/**
 * Sockets of the whole company hear of the change, without the token or the QR code; managers get the
 * QR through the session event of the QR modal.
 */
function publish(ctx: Pick<Ctx, 'realtime' | 'companyId'>, connection: Connection) {
  const whatsapp = { ...connection, token: '', qrcode: '' };
  ctx.realtime.toCompany(ctx.companyId, events.whatsapp(ctx.companyId), { action: 'update', whatsapp });
}

/** Rows as the API shows them, with their queues read in one query. */
async function present(
  ctx: Pick<Ctx, 'db' | 'links' | 'secrets'>,
  rows: ConnectionRow[],
  forManager = true,
): Promise<Connection[]> {
  const queueIds = await queueIdsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toConnection(
      row,
      { queueIds: queueIds.get(row.id) ?? [], links: ctx.links, secrets: ctx.secrets },
      forManager,
    ),
  );
}

const presentOne = async (ctx: Pick<Ctx, 'db' | 'links' | 'secrets'>, row: ConnectionRow) =>
  (await present(ctx, [row]))[0] as Connection;

/** Every user lists connections (ticket filters name them); only managers see their tokens. */
export async function listConnections(ctx: Ctx): Promise<Connection[]> {
  const forManager = can(ctx.actor, 'connections:manage');
  return present(ctx, await listCompanyConnections(ctx.db, ctx.companyId), forManager);
}

export async function showConnection(ctx: Ctx, id: number): Promise<Connection> {
  const row = await findConnection(ctx.db, ctx.companyId, id);
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
  return (await present(ctx, [row], can(ctx.actor, 'connections:manage')))[0] as Connection;
}

/** Refuses ids of another company's queue, integration or prompt: never stored. */
async function checkLinks(db: Db | Tx, companyId: number, input: UpdateConnectionBody) {
  const link = await foreignQueueLink(db, companyId, {
    integrationId: input.integrationId,
    promptId: input.promptId,
  });
  if (link) throw new AppError('ERR_VALIDATION', `Unknown ${link}`, { [link]: msg.invalidValue });
  const wanted = [...new Set([...(input.queueIds ?? []), ...(input.sendIdQueue ? [input.sendIdQueue] : [])])];
  if (!wanted.length) return;
  const found = await db
    .select({ id: queues.id })
    .from(queues)
    .where(tenant(queues, companyId, inArray(queues.id, wanted)));
  if (found.length !== wanted.length) {
    const field = input.queueIds?.some((id) => !found.some((q) => q.id === id)) ? 'queueIds' : 'sendIdQueue';
    throw new AppError('ERR_VALIDATION', `Unknown ${field}`, { [field]: msg.invalidValue });
  }
}

/**
 * The form shows the stored Wavoip token masked: that mask sent back keeps it, anything else
 * replaces it, and an empty field turns calls off.
 */
const replacesWavoip = (value: string | undefined, stored: string): value is string =>
  value !== undefined && (value === '' || value !== maskSecret(stored));

/** The columns a body sets: dates parsed, schedules stored with their weekday, queues apart. */
function columnsOf(input: UpdateConnectionBody, secrets: Ctx['secrets'], storedWavoip = '') {
  const { queueIds, schedules, importOldMessages, importRecentMessages, accessToken, wavoip, ...fields } =
    input;
  return {
    ...(replacesWavoip(wavoip, secrets.open(storedWavoip)) ? { wavoip: secrets.seal(wavoip) } : {}),
    ...fields,
    ...(schedules ? { schedules: toStoredSchedules(schedules) } : {}),
    ...(importOldMessages !== undefined
      ? { importOldMessages: importOldMessages ? new Date(importOldMessages) : null }
      : {}),
    ...(importRecentMessages !== undefined
      ? { importRecentMessages: importRecentMessages ? new Date(importRecentMessages) : null }
      : {}),
    // An empty token field keeps the stored token: the form never shows it back.
    ...(accessToken ? { accessToken: secrets.seal(accessToken) } : {}),
  };
}

async function replaceQueues(tx: Tx, connectionId: number, queueIds: number[] | undefined) {
  if (!queueIds) return;
  await tx.delete(connectionQueues).where(eq(connectionQueues.connectionId, connectionId));
  if (queueIds.length)
    await tx
      .insert(connectionQueues)
      .values([...new Set(queueIds)].map((queueId, position) => ({ connectionId, queueId, position })));
}

async function clearOtherDefaults(tx: Tx, companyId: number, keepId: number) {
  await tx
    .update(connections)
    .set({ isDefault: false })
    .where(
      and(eq(connections.companyId, companyId), ne(connections.id, keepId), eq(connections.isDefault, true)),
    );
}

const audited = (ctx: Ctx, action: AuditAction, id: number) =>
  ({ companyId: ctx.companyId, action, entityType: 'connection', entityId: id }) as const;

/** What one new connection is made of: the form, and what a channel's sign-in learned (`provider`). */
export interface NewConnection {
  input: SaveConnectionBody;
  /** Page ids, tokens, status: never user input. */
  provider?: Partial<typeof connections.$inferInsert>;
}

export async function createConnection(ctx: Ctx, input: SaveConnectionBody): Promise<Connection> {
  const [connection] = await createConnections(ctx, [{ input }]);
  return connection as Connection;
}

/** All or none: a batch the plan has no room for creates nothing. */
export async function createConnections(ctx: Ctx, batch: NewConnection[]): Promise<Connection[]> {
  // Nothing to add needs no room, even where a lowered plan left the company above its limit.
  if (!batch.length) return [];
  for (const { input } of batch) {
    requireChannelPlan(ctx.actor, input.channel);
    await checkClaim(ctx, input.channel, input);
  }
  const rows = await ctx.db
    .transaction(async (tx) => {
      const held = await takePlanRoom(tx, ctx.companyId, 'connections', batch.length);
      const created: ConnectionRow[] = [];
      for (const { input, provider } of batch) {
        await checkLinks(tx, ctx.companyId, input);
        // The first connection of a company becomes its default.
        const isDefault = input.isDefault || held + created.length === 0;
        const [row] = await tx
          .insert(connections)
          .values({
            ...columnsOf(input, ctx.secrets),
            name: input.name,
            channel: input.channel,
            isDefault,
            companyId: ctx.companyId,
            status: initialStatus(input),
            token: newConnectionToken(),
            ...provider,
          })
          .returning();
        if (!row) throw new AppError('ERR_INTERNAL');
        if (isDefault) await clearOtherDefaults(tx, ctx.companyId, row.id);
        await replaceQueues(tx, row.id, input.queueIds);
        const changes = { name: row.name, channel: row.channel, queueIds: input.queueIds ?? [] };
        await recordAudit(tx, ctx, { ...audited(ctx, 'connection.create', row.id), changes });
        created.push(row);
      }
      return created;
    })
    .catch(rethrowTaken);
  const presented = await present(ctx, rows);
  for (const connection of presented) publish(ctx, connection);
  return presented;
}

export async function updateConnection(
  ctx: Ctx,
  id: number,
  input: UpdateConnectionBody,
): Promise<Connection> {
  const stored = await findConnection(ctx.db, ctx.companyId, id);
  if (!stored) throw new AppError('ERR_NO_WAPP_FOUND');
  await checkClaim(ctx, stored.channel, input, stored);
  const row = await ctx.db
    .transaction(async (tx) => {
      const current = await findConnection(tx, ctx.companyId, id);
      if (!current) throw new AppError('ERR_NO_WAPP_FOUND');
      if (current.isDefault && input.isDefault === false) throw new AppError('ERR_NO_OTHER_WHATSAPP');
      await checkLinks(tx, ctx.companyId, input);
      const columns = columnsOf(input, ctx.secrets, current.wavoip);
      const [updated] = await tx
        .update(connections)
        .set({ ...columns, updatedAt: new Date() })
        .where(and(eq(connections.companyId, ctx.companyId), eq(connections.id, id)))
        .returning();
      if (!updated) throw new AppError('ERR_NO_WAPP_FOUND');
      if (updated.isDefault) await clearOtherDefaults(tx, ctx.companyId, id);
      const queuesBefore = input.queueIds && ((await queueIdsOf(tx, [id])).get(id) ?? []);
      await replaceQueues(tx, id, input.queueIds);
      const changes = {
        ...changedFields(current, updated, Object.keys(columns)),
        ...(queuesBefore && changedFields({ queueIds: queuesBefore }, { queueIds: input.queueIds })),
      };
      if (Object.keys(changes).length)
        await recordAudit(tx, ctx, { ...audited(ctx, 'connection.update', id), changes });
      return updated;
    })
    .catch(rethrowTaken);
  const connection = await presentOne(ctx, row);
  publish(ctx, connection);
  return connection;
}

export async function deleteConnection(ctx: Ctx, id: number): Promise<void> {
  const current = await findConnection(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError('ERR_NO_WAPP_FOUND');
  const adapter = ctx.channels.get(current.channel);
  const promoted = await ctx.db.transaction(async (tx) => {
    await adapter?.connectionDeleting?.(tx, { companyId: ctx.companyId, connectionId: id });
    await tx.delete(connections).where(and(eq(connections.companyId, ctx.companyId), eq(connections.id, id)));
    const changes = { name: current.name, channel: current.channel };
    await recordAudit(tx, ctx, { ...audited(ctx, 'connection.delete', id), changes });
    if (!current.isDefault) return undefined;
    // The company keeps a default connection while it has any.
    const [next] = await tx
      .select({ id: connections.id })
      .from(connections)
      .where(eq(connections.companyId, ctx.companyId))
      .orderBy(connections.id)
      .limit(1);
    if (!next) return undefined;
    const [row] = await tx
      .update(connections)
      .set({ isDefault: true })
      .where(tenant(connections, ctx.companyId, eq(connections.id, next.id)))
      .returning();
    return row;
  });
  ctx.realtime.toCompany(ctx.companyId, events.whatsapp(ctx.companyId), { action: 'delete', whatsappId: id });
  await adapter?.connectionDeleted?.({ companyId: ctx.companyId, connectionId: id });
  if (promoted) publish(ctx, await presentOne(ctx, promoted));
}
