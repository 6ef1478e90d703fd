import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ServiceHoursDay } from '../src/db/schema/companies.js';
import {
  chatbots,
  connectionQueues,
  connections,
  contactIdentities,
  messages,
  queues,
  ticketLogs,
  tickets,
  userQueues,
} from '../src/db/schema/index.js';
import { receive } from '../src/inbox/receive.js';
import { writeSetting } from '../src/modules/settings/settings.queries.js';
import { createTenant } from './fixtures.js';

const unique = () => randomUUID().slice(0, 8);

/**
 * The app's clock, set by the test: automation, timers and stored times read it. Every test file
 * using it shares one app, so each test sets the time it needs.
 */
export function fakeClock(app: FastifyInstance, start: string) {
  let now = new Date(start);
  app.deps.now = () => new Date(now);
  return {
    set: (at: string) => {
      now = new Date(at);
    },
    advanceMinutes: (minutes: number) => {
      now = new Date(now.getTime() + minutes * 60_000);
    },
  };
}

/** A company with a website-chat connection (fields as given) and helpers to build its bot. */
export async function botCompany(
  app: FastifyInstance,
  connection: Partial<typeof connections.$inferInsert> = {},
) {
  const tenant = await createTenant(app);
  const { companyId } = tenant;
  const db = app.deps.db;
  const [conn] = await db
    .insert(connections)
    .values({
      companyId,
      name: 'Site',
      channel: 'webchat',
      status: 'CONNECTED',
      token: randomUUID().replaceAll('-', '').slice(0, 30),
      greetingMessage: 'Olá! Escolha uma opção:',
      complationMessage: 'Atendimento encerrado. Obrigado!',
      ...connection,
    })
    .returning();
  if (!conn) throw new Error('connection not created');
  let position = 0;
  return {
    tenant,
    companyId,
    connection: conn,
    setting: (key: Parameters<typeof writeSetting>[2], value: string) =>
      writeSetting(db, companyId, key, value),
    async queue(name: string, values: Partial<typeof queues.$inferInsert> = {}, onMenu = true) {
      const [queue] = await db
        .insert(queues)
        .values({ companyId, name, color: `#${unique().slice(0, 6)}`, ...values })
        .returning();
      if (!queue) throw new Error('queue not created');
      if (onMenu)
        await db
          .insert(connectionQueues)
          .values({ connectionId: conn.id, queueId: queue.id, position: position++ });
      return queue;
    },
    async option(queueId: number, name: string, values: Partial<typeof chatbots.$inferInsert> = {}) {
      const [option] = await db
        .insert(chatbots)
        .values({ companyId, queueId, name, greetingMessage: `Você escolheu ${name}`, ...values })
        .returning();
      if (!option) throw new Error('option not created');
      return option;
    },
    serve: (userId: number, queueId: number) => db.insert(userQueues).values({ userId, queueId }),
    /** A customer writing on the website chat. */
    customer(name = `Cliente ${unique()}`) {
      const visitor = `${name}-${unique()}`;
      let n = 0;
      const identity = { kind: 'webchat', value: visitor };
      const contactId = async () => {
        const [row] = await db
          .select({ contactId: contactIdentities.contactId })
          .from(contactIdentities)
          .where(and(eq(contactIdentities.companyId, companyId), eq(contactIdentities.value, visitor)));
        return row?.contactId;
      };
      const latestTicket = async () => {
        const id = await contactId();
        if (!id) throw new Error('the customer never wrote');
        const [ticket] = await db
          .select()
          .from(tickets)
          .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, id)))
          .orderBy(desc(tickets.id))
          .limit(1);
        if (!ticket) throw new Error('no ticket');
        return ticket;
      };
      /** What the bot wrote to this customer since the last call, oldest first. */
      let seen = 0;
      const received = async () => {
        const id = await contactId();
        if (!id) return [];
        const rows = await db
          .select({ id: messages.id, body: messages.body, mediaName: messages.mediaName })
          .from(messages)
          .where(
            and(eq(messages.companyId, companyId), eq(messages.contactId, id), eq(messages.fromMe, true)),
          )
          .orderBy(asc(messages.id));
        const fresh = rows.filter((r) => r.id > seen);
        seen = rows.at(-1)?.id ?? seen;
        return fresh.map((r) => r.body);
      };
      return {
        async says(body: string, mediaType?: string) {
          await receive(app.deps, {
            companyId,
            connectionId: conn.id,
            channel: 'webchat',
            identity,
            contact: { name },
            externalId: `${visitor}-${++n}`,
            body,
            ...(mediaType && {
              media: { mediaPath: `company${companyId}/sample-${n}`, mediaType, mediaName: 'sample' },
            }),
          });
          return received();
        },
        received,
        ticket: latestTicket,
        async logs() {
          const ticket = await latestTicket();
          const rows = await db
            .select({ type: ticketLogs.type, userId: ticketLogs.userId, queueId: ticketLogs.queueId })
            .from(ticketLogs)
            .where(eq(ticketLogs.ticketId, ticket.id))
            .orderBy(asc(ticketLogs.id));
          return rows;
        },
      };
    },
  };
}

/** The same hours every day of the week. */
export const everyDay = (a: [string, string], b: [string, string] = ['', '']): ServiceHoursDay[] =>
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((weekdayEn) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTimeA: a[0],
    endTimeA: a[1],
    startTimeB: b[0],
    endTimeB: b[1],
  }));
