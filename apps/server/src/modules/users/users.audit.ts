import { AUDIT_SECRET_MARK, type UpdateUserBody } from '@balcao/shared';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { changedFields, recordAudit } from '../audit/audit.record.js';
import type { UserRow } from './users.queries.js';

/** What decides what a user may see and do (spec 000 §6): its own entry, `user.permissions`. */
const PERMISSION_FIELDS = new Set([
  'profile',
  'allTicket',
  'allowGroup',
  'showDashboard',
  'allowRealTime',
  'allowConnections',
  'queueIds',
]);

/**
 * Records an update as up to two entries: the permissions it changed, and everything else (a new
 * password only as changed). Nothing is recorded when nothing changed.
 */
export async function auditUserUpdate(
  tx: Tx,
  ctx: Ctx,
  change: { before: UserRow; after: UserRow; input: UpdateUserBody; queues?: [number[], number[]] },
) {
  const { before, after, input, queues } = change;
  const { queueIds: _queues, password, currentPassword: _current, ...fields } = input;
  const changes: Record<string, unknown> = changedFields(before, after, Object.keys(fields));
  if (queues) Object.assign(changes, changedFields({ queueIds: queues[0] }, { queueIds: queues[1] }));
  if (password) changes.password = AUDIT_SECRET_MARK;
  const pick = (permissions: boolean) =>
    Object.fromEntries(
      Object.entries(changes).filter(([field]) => PERMISSION_FIELDS.has(field) === permissions),
    );
  for (const [action, picked] of [
    ['user.permissions', pick(true)],
    ['user.update', pick(false)],
  ] as const)
    if (Object.keys(picked).length)
      await recordAudit(tx, ctx, {
        companyId: after.companyId,
        action,
        entityType: 'user',
        entityId: after.id,
        changes: picked,
      });
}

/** A created or deleted user as the log shows them: who they are and what they may do. */
export const userSummary = (row: UserRow) => ({ name: row.name, email: row.email, profile: row.profile });
