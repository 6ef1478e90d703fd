import type { AuditAction, AuditEntityType } from '@balcao/shared';
import type { Db, Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { stripSecrets } from './audit.secrets.js';

interface AuditInput {
  /** The company the change concerns; the platform's own changes (plans) go under the actor's company. */
  companyId: number;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: number | string | null;
  changes?: Record<string, unknown>;
}

/** Columns no one changes by hand: noise in a list of what someone changed. */
const BOOKKEEPING = new Set(['id', 'companyId', 'createdAt', 'updatedAt']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose value differs, each as [before, after]; `fields` narrows to those a caller sent. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: Iterable<string> = Object.keys(after),
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields)
    if (!BOOKKEEPING.has(field) && !same(before[field], after[field]))
      changes[field] = [before[field] ?? null, after[field] ?? null];
  return changes;
}

/**
 * Writes one entry, in the transaction of the change it records (`db` is that transaction), so an
 * entry exists exactly when its change was committed. Secrets are stripped here, for every entry.
 */
export async function recordAudit(db: Db | Tx, who: Pick<Ctx, 'actor' | 'ip'>, input: AuditInput) {
  await db.insert(auditLog).values({
    companyId: input.companyId,
    actorUserId: who.actor.userId,
    actorName: who.actor.name,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId == null ? null : String(input.entityId),
    changes: stripSecrets(input.changes ?? {}) as Record<string, unknown>,
    ip: who.ip ?? null,
  });
}
