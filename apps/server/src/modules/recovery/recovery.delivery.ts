import { randomInt } from 'node:crypto';
import { PLATFORM_COMPANY_ID, RECOVERY_CODE_MINUTES } from '@balcao/shared';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { connections, passwordResets, users } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { AppDeps } from '../../platform/context.js';
import { sessionHeldElsewhere } from '../messages/messages.delivery-routing.js';
import { findUserByEmail, type UserRow } from '../users/users.queries.js';
import { mailerFor } from './recovery.mail.js';
import { recoveryText } from './recovery.messages.js';

export const RECOVERY_SEND_JOB = 'recovery.send';

/** What the request left for the job: how to reach the user, and the number or address typed. */
export interface RecoveryDelivery {
  by: 'whatsapp' | 'email';
  target: string;
  /** How many times a process that could not send it passed the job on. */
  hops?: number;
}

export const RECOVERY_JOB_OPTIONS = { retryLimit: 5, retryDelay: 2 } as const;
/** Passed on once a second for a minute at most: the session's holder is one of the processes taking it. */
const HOP_DELAY_SECONDS = 1;
const MAX_HOPS = 60;

/**
 * Runs as a job, after the request was answered: whoever owns the number or address (if anyone) is
 * looked up here, so the answer and its timing are the same whether the account exists.
 */
async function deliverRecoveryCode(deps: AppDeps, delivery: RecoveryDelivery): Promise<void> {
  const user = await ownerOf(deps, delivery);
  if (!user) return;
  const connection = delivery.by === 'whatsapp' ? await platformConnection(deps) : undefined;
  // Only the process holding the session sends on it (as with replies): before a code is even made,
  // the job goes back to the queue for the next process that takes it, until the holder does.
  if (connection && (await sessionHeldElsewhere(deps, connection))) return passOn(deps, delivery);
  const send =
    delivery.by === 'email'
      ? byEmail(deps, user)
      : connection && byWhatsapp(deps, connection, delivery.target);
  if (!send) {
    deps.log.warn({ by: delivery.by }, 'no way to send the password recovery code');
    return;
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // Stored before it is sent: a code that reached the user is always one the server can check.
  await deps.db.insert(passwordResets).values({
    companyId: user.companyId,
    userId: user.id,
    target: delivery.target,
    codeHash: await hashPassword(code),
    expiresAt: new Date(deps.now().getTime() + RECOVERY_CODE_MINUTES * 60_000),
  });
  await send(recoveryText(user.language), code);
}

type Send = (text: ReturnType<typeof recoveryText>, code: string) => Promise<void>;

async function ownerOf(deps: AppDeps, { by, target }: RecoveryDelivery): Promise<UserRow | undefined> {
  if (by === 'email') return findUserByEmail(deps.db, target);
  // A number is not unique among users: when two profiles share it, nobody can be told which one asked.
  const owners = await deps.db
    .select()
    .from(users)
    .where(and(ne(users.wpp, ''), sql`regexp_replace(${users.wpp}, '[^0-9]', '', 'g') = ${target}`))
    .limit(2);
  if (owners.length > 1) deps.log.warn('a password recovery number belongs to more than one user');
  return owners.length === 1 ? owners[0] : undefined;
}

function byEmail(deps: AppDeps, user: UserRow): Send | undefined {
  const smtp = deps.config.smtp;
  if (!smtp) return undefined;
  return (text, code) =>
    mailerFor(smtp).send({ to: user.email, subject: text.subject, text: text.body(code) });
}

async function passOn(deps: AppDeps, delivery: RecoveryDelivery) {
  const hops = (delivery.hops ?? 0) + 1;
  if (hops > MAX_HOPS) {
    deps.log.warn('no process holding the platform WhatsApp session took the password recovery code');
    return;
  }
  await deps.jobs.send(
    RECOVERY_SEND_JOB,
    { ...delivery, hops },
    { ...RECOVERY_JOB_OPTIONS, startAfter: HOP_DELAY_SECONDS },
  );
}

/** The platform company's connection that reaches phone numbers: its default, else its oldest connected one. */
async function platformConnection(deps: AppDeps) {
  const reaching = [...deps.channels].filter(([, adapter]) => adapter.notify).map(([name]) => name);
  if (reaching.length === 0) return undefined;
  const [connection] = await deps.db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.companyId, PLATFORM_COMPANY_ID),
        eq(connections.status, 'CONNECTED'),
        inArray(connections.channel, reaching),
      ),
    )
    .orderBy(desc(connections.isDefault), asc(connections.id))
    .limit(1);
  return connection;
}

function byWhatsapp(
  deps: AppDeps,
  connection: typeof connections.$inferSelect,
  number: string,
): Send | undefined {
  const adapter = deps.channels.get(connection.channel);
  const notify = adapter?.notify?.bind(adapter);
  if (!notify) return undefined;
  return (text, code) => notify({ connection, number, body: text.body(code) });
}

const RESET_ROWS_KEPT_HOURS = 24;
const RECOVERY_SWEEP_JOB = 'recovery.sweep';

export async function registerRecoveryJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.work(RECOVERY_SEND_JOB, (delivery: RecoveryDelivery) =>
    deliverRecoveryCode(deps, delivery),
  );
  // Spent and expired codes only say who asked when: they are not kept past a day.
  await deps.jobs.work(RECOVERY_SWEEP_JOB, async () => {
    await deps.db
      .delete(passwordResets)
      .where(sql`${passwordResets.createdAt} < now() - make_interval(hours => ${RESET_ROWS_KEPT_HOURS})`);
  });
  await deps.jobs.schedule(RECOVERY_SWEEP_JOB, '23 * * * *');
}
