import {
  adminOnlyUserFields,
  type CreateUserBody,
  can,
  msg,
  PAGE_SIZE,
  type UpdateUserBody,
  type User,
  type UserOptionsQuery,
} from '@balcao/shared';
import { eq, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { connections, userQueues, users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { targetCompanyId } from '../../platform/permissions.js';
import { recordAudit } from '../audit/audit.record.js';
import { revokeUserSessions } from '../auth/refresh-tokens.js';
import { takePlanRoom } from '../plans/plan-limits.js';
import { auditUserUpdate, userSummary } from './users.audit.js';
import { publishUser } from './users.events.js';
import {
  companyQueueIds,
  findUser,
  queuesOfUsers,
  replaceUserQueues,
  searchUsers,
  toUser,
  type UserRow,
} from './users.queries.js';

export async function presentUsers(ctx: Pick<Ctx, 'db' | 'links'>, rows: UserRow[]): Promise<User[]> {
  const queues = await queuesOfUsers(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toUser(row, queues.get(row.id) ?? [], ctx.links));
}

export async function presentUser(ctx: Pick<Ctx, 'db' | 'links'>, row: UserRow): Promise<User> {
  const [user] = await presentUsers(ctx, [row]);
  return user as User;
}

export async function listUsers(ctx: Ctx, query: { searchParam?: string; pageNumber: number }) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchUsers(ctx.db, ctx.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { users: await presentUsers(ctx, rows), hasMore: offset + rows.length < total, count: total };
}

export async function showUser(ctx: Ctx, id: number): Promise<User> {
  const row = await findUser(ctx.db, ctx.companyId, id);
  if (!row) throw new AppError('ERR_NO_USER_FOUND');
  return presentUser(ctx, row);
}

export async function listUserOptions(ctx: Ctx, query: UserOptionsQuery) {
  const target = targetCompanyId(ctx.actor, query.companyId);
  const servesQueue = query.queueId
    ? or(
        eq(users.profile, 'admin'),
        inArray(
          users.id,
          ctx.db
            .select({ id: userQueues.userId })
            .from(userQueues)
            .where(eq(userQueues.queueId, query.queueId)),
        ),
      )
    : undefined;
  return ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(tenant(users, target, servesQueue))
    .orderBy(users.name);
}

async function checkLinks(
  db: Db | Tx,
  companyId: number,
  input: { queueIds?: number[]; whatsappId?: number | null },
) {
  if (input.queueIds) {
    const owned = await companyQueueIds(db, companyId, input.queueIds);
    if (input.queueIds.some((id) => !owned.has(id))) {
      throw new AppError('ERR_VALIDATION', 'Unknown queue', { queueIds: 'invalidValue' });
    }
  }
  if (input.whatsappId) {
    const [found] = await db
      .select({ id: connections.id })
      .from(connections)
      .where(tenant(connections, companyId, eq(connections.id, input.whatsappId)));
    if (!found) throw new AppError('ERR_VALIDATION', 'Unknown connection', { whatsappId: 'invalidValue' });
  }
}

export async function createUser(ctx: Ctx, input: CreateUserBody): Promise<User> {
  const companyId = targetCompanyId(ctx.actor, input.companyId);
  const { queueIds, password, companyId: _ignored, ...fields } = input;
  const passwordHash = await hashPassword(password);

  const row = await ctx.db.transaction(async (tx) => {
    await takePlanRoom(tx, companyId, 'users');
    await checkLinks(tx, companyId, { queueIds, whatsappId: fields.whatsappId });
    const [created] = await tx
      .insert(users)
      .values({ ...fields, companyId, passwordHash })
      .returning()
      .catch(rethrowDuplicateEmail);
    if (!created) throw new AppError('ERR_INTERNAL');
    if (queueIds) await replaceUserQueues(tx, created.id, queueIds);
    await recordAudit(tx, ctx, {
      companyId,
      action: 'user.create',
      entityType: 'user',
      entityId: created.id,
      changes: { ...userSummary(created), queueIds: queueIds ?? [] },
    });
    return created;
  });

  const user = await presentUser(ctx, row);
  publishUser(ctx, companyId, { action: 'create', user });
  return user;
}

export async function updateUser(ctx: Ctx, id: number, input: UpdateUserBody): Promise<User> {
  const current = await findUser(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError('ERR_NO_USER_FOUND');
  if (current.super && !ctx.actor.super) throw new AppError('ERR_NO_PERMISSION');

  const { queueIds, password, currentPassword, ...fields } = input;
  if (password && id === ctx.actor.userId) await checkCurrentPassword(current.passwordHash, currentPassword);
  if (!can(ctx.actor, 'users:manage')) {
    // The profile modal sends the whole form; only a real change to an admin field is refused.
    const currentQueues = (await queuesOfUsers(ctx.db, [id])).get(id)?.map((q) => q.id) ?? [];
    const changesAdminField = adminOnlyUserFields.some((key) =>
      key === 'queueIds'
        ? queueIds !== undefined && !sameIds(queueIds, currentQueues)
        : fields[key] !== undefined && fields[key] !== current[key],
    );
    if (changesAdminField) throw new AppError('ERR_NO_PERMISSION');
  }

  const passwordHash = password ? await hashPassword(password) : undefined;
  const row = await ctx.db.transaction(async (tx) => {
    await checkLinks(tx, ctx.companyId, { queueIds, whatsappId: fields.whatsappId });
    const [updated] = await tx
      .update(users)
      // A new password also forgets the browsers remembered for the second step.
      .set({
        ...fields,
        ...(passwordHash ? { passwordHash, trustedDevicesSince: ctx.now() } : {}),
        updatedAt: new Date(),
      })
      .where(tenant(users, ctx.companyId, eq(users.id, id)))
      .returning()
      .catch(rethrowDuplicateEmail);
    if (!updated) throw new AppError('ERR_NO_USER_FOUND');
    const queuesBefore = queueIds && ((await queuesOfUsers(tx, [id])).get(id)?.map((q) => q.id) ?? []);
    if (queueIds) await replaceUserQueues(tx, id, queueIds);
    const queues = queuesBefore && ([queuesBefore, queueIds] as [number[], number[]]);
    await auditUserUpdate(tx, ctx, { before: current, after: updated, input, queues });
    return updated;
  });
  ctx.actors.forget(id);
  if (password) await endOtherSessions(ctx, id);
  if (changesAudience(input)) await ctx.realtime.refreshAudience(id);

  const user = await presentUser(ctx, row);
  publishUser(ctx, ctx.companyId, { action: 'update', user });
  return user;
}

async function checkCurrentPassword(hash: string, currentPassword: string | undefined) {
  if (!currentPassword)
    throw new AppError('ERR_VALIDATION', 'Current password required', { currentPassword: msg.required });
  if (!(await verifyPassword(hash, currentPassword)))
    throw new AppError('ERR_VALIDATION', 'Wrong current password', { currentPassword: msg.wrongPassword });
}

/**
 * A new password ends the sessions that knew the old one: all of them when an admin set it, the
 * others (their refresh tokens and live sockets) when the user changed their own.
 */
async function endOtherSessions(ctx: Ctx, userId: number) {
  const keep = userId === ctx.actor.userId ? ctx.sessionId : undefined;
  await revokeUserSessions(ctx.db, { userId, companyId: ctx.companyId }, keep);
  await ctx.realtime.disconnectUser(userId, { except: keep });
}

/** Fields that decide which tickets and users a person may see (spec 000 §6). */
const changesAudience = (input: UpdateUserBody) =>
  ['profile', 'allTicket', 'allowGroup', 'queueIds'].some((key) => key in input);

export async function deleteUser(ctx: Ctx, id: number): Promise<void> {
  if (id === ctx.actor.userId) throw new AppError('ERR_CANNOT_DELETE_SELF');
  const current = await findUser(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError('ERR_NO_USER_FOUND');
  if (current.super && !ctx.actor.super) throw new AppError('ERR_NO_PERMISSION');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(users).where(tenant(users, ctx.companyId, eq(users.id, id)));
    const changes = userSummary(current);
    await recordAudit(tx, ctx, {
      companyId: ctx.companyId,
      action: 'user.delete',
      entityType: 'user',
      entityId: id,
      changes,
    });
  });
  if (current.profileImage) await ctx.storage.remove(current.profileImage);
  ctx.actors.forget(id);
  await ctx.realtime.disconnectUser(id);
  publishUser(ctx, ctx.companyId, { action: 'delete', userId: id });
}

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

function rethrowDuplicateEmail(error: unknown): never {
  if (isUniqueViolation(error, 'users_email_key')) {
    throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 'E-mail already in use', { email: 'emailTaken' });
  }
  throw error;
}
