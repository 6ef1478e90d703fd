import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  companies,
  connections,
  contacts,
  plans,
  queues,
  tickets,
  userQueues,
  users,
} from '../src/db/schema/index.js';
import { hashPassword } from '../src/platform/auth/passwords.js';

export const PASSWORD = 'Secret-pass-1';
let passwordHash: Promise<string> | undefined;
const unique = () => randomUUID().slice(0, 8);

export interface TestUser {
  id: number;
  companyId: number;
  email: string;
  token: string;
}

export async function createUser(
  app: FastifyInstance,
  companyId: number,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = overrides.email ?? `user-${unique()}@test.local`;
  const [row] = await app.deps.db
    .insert(users)
    .values({
      name: `User ${unique()}`,
      profile: 'user',
      ...overrides,
      email,
      companyId,
      passwordHash: await passwordHash,
    })
    .returning();
  if (!row) throw new Error('user not created');
  const token = await app.deps.tokens.signAccess({ userId: row.id, companyId });
  return { id: row.id, companyId, email, token };
}

/** A company on its own plan with an admin; every test makes the tenants it needs. */
export async function createTenant(
  app: FastifyInstance,
  options: { dueDate?: string; plan?: Partial<typeof plans.$inferInsert>; timezone?: string } = {},
) {
  const [plan] = await app.deps.db
    .insert(plans)
    .values({ name: `Plan ${unique()}`, users: 10, connections: 10, isPublic: false, ...options.plan })
    .returning();
  if (!plan) throw new Error('plan not created');
  const [company] = await app.deps.db
    .insert(companies)
    .values({
      name: `Company ${unique()}`,
      planId: plan.id,
      dueDate: options.dueDate ?? '2999-01-01',
      timezone: options.timezone ?? 'America/Sao_Paulo',
    })
    .returning();
  if (!company) throw new Error('company not created');
  const admin = await createUser(app, company.id, { profile: 'admin', name: `Admin ${unique()}` });
  return { companyId: company.id, planId: plan.id, admin };
}

export async function setDueDate(app: FastifyInstance, companyId: number, dueDate: string) {
  await app.deps.db.update(companies).set({ dueDate }).where(eq(companies.id, companyId));
}

/** A connected website-chat connection of the company, for tests of the inbound path. */
export async function createWebchatConnection(app: FastifyInstance, companyId: number) {
  const [connection] = await app.deps.db
    .insert(connections)
    .values({
      companyId,
      name: 'Site',
      channel: 'webchat',
      status: 'CONNECTED',
      token: randomUUID().replaceAll('-', '').slice(0, 30),
    })
    .returning();
  if (!connection) throw new Error('connection not created');
  return connection;
}

/** A queue of the company with a name and colour of its own, served by `members`. */
export async function createQueue(app: FastifyInstance, companyId: number, members: { id: number }[] = []) {
  const [queue] = await app.deps.db
    .insert(queues)
    .values({ companyId, name: `Fila ${unique()}`, color: `#${randomUUID().slice(0, 6)}` })
    .returning();
  if (!queue) throw new Error('queue not created');
  if (members.length)
    await app.deps.db.insert(userQueues).values(members.map((m) => ({ userId: m.id, queueId: queue.id })));
  return queue;
}

/** A conversation at its simplest: a contact, a connection and a ticket between them. */
export async function createTicket(
  app: FastifyInstance,
  companyId: number,
  overrides: Partial<typeof tickets.$inferInsert> = {},
) {
  const [contact] = await app.deps.db
    .insert(contacts)
    .values({
      companyId,
      name: `Customer ${unique()}`,
      number: `55119${Date.now() % 100_000_000}`,
      channel: 'whatsapp',
    })
    .returning();
  const [connection] = await app.deps.db
    .insert(connections)
    .values({
      companyId,
      name: `Connection ${unique()}`,
      channel: 'webchat',
      token: randomUUID().replaceAll('-', '').slice(0, 30),
    })
    .returning();
  if (!contact || !connection) throw new Error('conversation not created');
  const [ticket] = await app.deps.db
    .insert(tickets)
    .values({
      companyId,
      contactId: contact.id,
      connectionId: connection.id,
      status: 'pending',
      ...overrides,
    })
    .returning();
  if (!ticket) throw new Error('ticket not created');
  return ticket;
}
