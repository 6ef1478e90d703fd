import { and, eq, gt, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { connections } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

/** Which connection's session, named with its company like every tenant row. */
type LeaseTarget = { companyId: number; connectionId: number };

/** A lease as one session of this process took it: the generation it got marks it as that session's. */
type HeldLease = LeaseTarget & { generation: number };

/**
 * One live WhatsApp socket per connection across every server process: the holder of the lease row
 * runs it and renews the lease; when the holder dies the lease expires and another process takes
 * the session over. Times come from the database clock, so processes never compare their own clocks.
 * Every taking counts one more generation: a session whose generation is no longer the row's was
 * taken over (its process froze past the lease, or a newer session of it started) and must neither
 * open a socket nor send.
 */
export interface Lease {
  /** Takes the connection's lease if it is free, expired or already ours; answers the generation taken. */
  acquire(target: LeaseTarget): Promise<number | undefined>;
  /** Extends the lease as long as it is still this generation's; false means the session must stop. */
  renew(held: HeldLease): Promise<boolean>;
  /** Whether the lease is still this generation's (read only: asked before every send). */
  holds(held: HeldLease): Promise<boolean>;
  /**
   * Takes the lease whoever holds it (a user pressed a session button on this process): the old
   * holder finds out at its next renewal, socket open or send, and lets its socket go.
   */
  seize(target: LeaseTarget): Promise<number | undefined>;
  /** Lets the lease go if this process holds it (this generation of it, when given). */
  release(target: LeaseTarget & { generation?: number }): Promise<void>;
  /** The connection no longer exists (it was deleted): its holder logs the phone out instead of handing it on. */
  deleted(target: LeaseTarget): Promise<boolean>;
  /** Whether a process holds the lease, unexpired, and reported the session open (in the caller's transaction). */
  heldOpen(tx: Tx, target: LeaseTarget): Promise<boolean>;
  /**
   * WhatsApp connections with a saved session and nobody alive holding them: candidates to take
   * over. A DISCONNECTED one waits for a user (405, 440, a QR nobody scanned), so it is left alone.
   */
  orphans(): Promise<{ id: number; companyId: number }[]>;
}

export function createLease(db: Db, owner: string, seconds: number): Lease {
  const until = sql`now() + make_interval(secs => ${seconds})`;
  const ours = eq(connections.leaseOwner, owner);
  const free = or(isNull(connections.leaseOwner), lt(connections.leaseExpiresAt, sql`now()`), ours);
  const of = ({ companyId, connectionId }: LeaseTarget, ...more: (SQL | undefined)[]) =>
    tenant(connections, companyId, eq(connections.id, connectionId), ...more);
  const generationOf = (held: HeldLease) => and(ours, eq(connections.leaseGeneration, held.generation));

  const take = async (target: LeaseTarget, when: SQL | undefined) => {
    const [row] = await db
      .update(connections)
      .set({
        leaseOwner: owner,
        leaseExpiresAt: until,
        leaseGeneration: sql`${connections.leaseGeneration} + 1`,
      })
      .where(of(target, eq(connections.channel, 'whatsapp'), when))
      .returning({ generation: connections.leaseGeneration });
    return row?.generation;
  };

  return {
    acquire: (target) => take(target, free),
    seize: (target) => take(target, undefined),
    async renew(held) {
      const rows = await db
        .update(connections)
        .set({ leaseExpiresAt: until })
        .where(of(held, generationOf(held)))
        .returning({ id: connections.id });
      return rows.length > 0;
    },
    async holds(held) {
      const [row] = await db
        .select({ id: connections.id })
        .from(connections)
        .where(of(held, generationOf(held)));
      return row !== undefined;
    },
    async release(target) {
      const generation = target.generation;
      await db
        .update(connections)
        .set({ leaseOwner: null, leaseExpiresAt: null })
        .where(
          of(
            target,
            ours,
            generation === undefined ? undefined : eq(connections.leaseGeneration, generation),
          ),
        );
    },
    async deleted({ companyId, connectionId }) {
      const [row] = await db
        .select({ id: connections.id })
        .from(connections)
        .where(tenant(connections, companyId, eq(connections.id, connectionId)));
      return row === undefined;
    },
    async heldOpen(tx, { companyId, connectionId }) {
      const [row] = await tx
        .select({ id: connections.id })
        .from(connections)
        .where(
          tenant(
            connections,
            companyId,
            eq(connections.id, connectionId),
            eq(connections.status, 'CONNECTED'),
            gt(connections.leaseExpiresAt, sql`now()`),
          ),
        );
      return row !== undefined;
    },
    async orphans() {
      return db
        .select({ id: connections.id, companyId: connections.companyId })
        .from(connections)
        .where(
          and(
            eq(connections.channel, 'whatsapp'),
            ne(connections.status, 'DISCONNECTED'),
            or(isNull(connections.leaseOwner), lt(connections.leaseExpiresAt, sql`now()`)),
            sql`exists (select 1 from baileys_sessions s where s.connection_id = ${connections.id})`,
          ),
        )
        .limit(100);
    },
  };
}
