import { randomInt } from 'node:crypto';
import {
  type Channel,
  CONNECTION_TOKEN_LENGTH,
  type Connection,
  can,
  events,
  type PlanFlag,
  type SaveConnectionBody,
} from '@balcao/shared';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, connections, plans } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requirePlan } from '../../platform/permissions.js';
import { findConnection, listCompanyConnections, toConnection } from './connections.queries.js';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Spec 000 §9: 30 random uppercase alphanumeric characters. */
const newConnectionToken = () =>
  Array.from(
    { length: CONNECTION_TOKEN_LENGTH },
    () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)],
  ).join('');

/** Which plan flag lets a company use a channel; the website chat is ours and on every plan. */
const channelFlag: Record<Channel, PlanFlag | undefined> = {
  whatsapp: 'useWhatsapp',
  whatsappapi: 'useWhatsapp',
  facebook: 'useFacebook',
  instagram: 'useInstagram',
  webchat: undefined,
};

/** Channels that need no outside session are connected as soon as they exist. */
const initialStatus = (channel: Channel) => (channel === 'webchat' ? 'CONNECTED' : 'DISCONNECTED');

/** Sockets of the whole company hear of the change, without the token. */
function publish(ctx: Ctx, connection: Connection) {
  const whatsapp = { ...connection, token: '' };
  ctx.realtime.toCompany(ctx.companyId, events.whatsapp(ctx.companyId), { action: 'update', whatsapp });
}

/** Every user lists connections (ticket filters name them); only managers see their tokens. */
export async function listConnections(ctx: Ctx): Promise<Connection[]> {
  const withToken = can(ctx.actor, 'connections:manage');
  return (await listCompanyConnections(ctx.db, ctx.companyId)).map((row) => toConnection(row, withToken));
}

export async function showConnection(ctx: Ctx, id: number): Promise<Connection> {
  const row = await findConnection(ctx.db, ctx.companyId, id);
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
  return toConnection(row, can(ctx.actor, 'connections:manage'));
}

async function clearOtherDefaults(tx: Tx, companyId: number, keepId: number) {
  await tx
    .update(connections)
    .set({ isDefault: false })
    .where(
      and(eq(connections.companyId, companyId), ne(connections.id, keepId), eq(connections.isDefault, true)),
    );
}

export async function createConnection(ctx: Ctx, input: SaveConnectionBody): Promise<Connection> {
  const flag = channelFlag[input.channel];
  if (flag) requirePlan(ctx.actor, flag);

  const row = await ctx.db.transaction(async (tx) => {
    const [limits] = await tx
      .select({ connections: plans.connections })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(eq(companies.id, ctx.companyId));
    const [existing] = await tx
      .select({ total: count() })
      .from(connections)
      .where(eq(connections.companyId, ctx.companyId));
    if (limits && (existing?.total ?? 0) >= limits.connections)
      throw new AppError('ERR_PLAN_CONNECTION_LIMIT');
    // The first connection of a company becomes its default.
    const isDefault = input.isDefault || (existing?.total ?? 0) === 0;
    const [created] = await tx
      .insert(connections)
      .values({
        ...input,
        isDefault,
        companyId: ctx.companyId,
        status: initialStatus(input.channel),
        token: newConnectionToken(),
      })
      .returning();
    if (!created) throw new AppError('ERR_INTERNAL');
    if (isDefault) await clearOtherDefaults(tx, ctx.companyId, created.id);
    return created;
  });
  const connection = toConnection(row);
  publish(ctx, connection);
  return connection;
}

export async function updateConnection(
  ctx: Ctx,
  id: number,
  input: Partial<SaveConnectionBody>,
): Promise<Connection> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findConnection(tx, ctx.companyId, id);
    if (!current) throw new AppError('ERR_NO_WAPP_FOUND');
    if (current.isDefault && input.isDefault === false) throw new AppError('ERR_NO_OTHER_WHATSAPP');
    const [updated] = await tx
      .update(connections)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(connections.companyId, ctx.companyId), eq(connections.id, id)))
      .returning();
    if (!updated) throw new AppError('ERR_NO_WAPP_FOUND');
    if (updated.isDefault) await clearOtherDefaults(tx, ctx.companyId, id);
    return updated;
  });
  const connection = toConnection(row);
  publish(ctx, connection);
  return connection;
}

export async function deleteConnection(ctx: Ctx, id: number): Promise<void> {
  const current = await findConnection(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError('ERR_NO_WAPP_FOUND');
  const promoted = await ctx.db.transaction(async (tx) => {
    await tx.delete(connections).where(and(eq(connections.companyId, ctx.companyId), eq(connections.id, id)));
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
  if (promoted) publish(ctx, toConnection(promoted));
}
