import type { ChatbotOption, Queue, ServiceHours } from '@balcao/shared';
import { asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { chatbots, fileLists, prompts, queueIntegrations, queues, tickets } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

export type QueueRow = typeof queues.$inferSelect;
type ChatbotRow = typeof chatbots.$inferSelect;

export function toQueue(row: QueueRow, options: ChatbotOption[]): Queue {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    color: row.color,
    greetingMessage: row.greetingMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    orderQueue: row.orderQueue,
    ativarRoteador: row.ativarRoteador,
    tempoRoteador: row.tempoRoteador,
    integrationId: row.integrationId,
    fileListId: row.fileListId,
    promptId: row.promptId,
    closeTicket: row.closeTicket,
    schedules: row.schedules.map(({ weekdayEn, startTimeA, endTimeA, startTimeB, endTimeB }) => ({
      weekdayEn,
      startTimeA,
      endTimeA,
      startTimeB,
      endTimeB,
    })),
    chatbots: options,
  };
}

/** The stored shape keeps the replaced product's `weekday` beside `weekdayEn`. */
export const toStoredSchedules = (days: ServiceHours[]) =>
  days.map((day) => ({ ...day, weekday: day.weekdayEn }));

export async function listQueueRows(db: Db | Tx, companyId: number): Promise<QueueRow[]> {
  return db
    .select()
    .from(queues)
    .where(tenant(queues, companyId))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
}

export async function findQueue(db: Db | Tx, companyId: number, id: number): Promise<QueueRow | undefined> {
  const [row] = await db
    .select()
    .from(queues)
    .where(tenant(queues, companyId, eq(queues.id, id)));
  return row;
}

/** The tickets still being worked in the queue: they carry on without one when it is deleted. */
export async function unclosedTicketIds(db: Db | Tx, companyId: number, queueId: number): Promise<number[]> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(tenant(tickets, companyId, eq(tickets.queueId, queueId), ne(tickets.status, 'closed')));
  return rows.map((r) => r.id);
}

export async function countUnclosedTickets(db: Db | Tx, companyId: number, queueId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(tickets)
    .where(tenant(tickets, companyId, eq(tickets.queueId, queueId), ne(tickets.status, 'closed')));
  return row?.total ?? 0;
}

export async function chatbotRowsOfQueues(
  db: Db | Tx,
  companyId: number,
  queueIds: number[],
): Promise<ChatbotRow[]> {
  if (queueIds.length === 0) return [];
  return db
    .select()
    .from(chatbots)
    .where(tenant(chatbots, companyId, inArray(chatbots.queueId, queueIds)))
    .orderBy(asc(chatbots.position), asc(chatbots.id));
}

export async function findChatbot(
  db: Db | Tx,
  companyId: number,
  id: number,
): Promise<ChatbotRow | undefined> {
  const [row] = await db
    .select()
    .from(chatbots)
    .where(tenant(chatbots, companyId, eq(chatbots.id, id)));
  return row;
}

/** Builds the option trees of the rows (already in menu order): the roots, or the children of `rootParent`. */
export function buildOptionTree(rows: ChatbotRow[], rootParent: number | null = null): ChatbotOption[] {
  const children = new Map<number | null, ChatbotRow[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const build = (parentId: number | null): ChatbotOption[] =>
    (children.get(parentId) ?? []).map((row) => ({
      id: row.id,
      queueId: row.queueId,
      parentId: row.parentId,
      name: row.name,
      greetingMessage: row.greetingMessage,
      queueType: row.queueType as ChatbotOption['queueType'],
      closeTicket: row.closeTicket,
      optQueueId: row.optQueueId,
      optUserId: row.optUserId,
      optIntegrationId: row.optIntegrationId,
      optFileId: row.optFileId,
      options: build(row.id),
    }));
  return build(rootParent);
}

/** The ids of every option below `id` in the rows of its queue. */
export function descendantIds(rows: ChatbotRow[], id: number): Set<number> {
  const found = new Set<number>();
  const walk = (parentId: number) => {
    for (const row of rows) {
      if (row.parentId === parentId && !found.has(row.id)) {
        found.add(row.id);
        walk(row.id);
      }
    }
  };
  walk(id);
  return found;
}

export async function deleteChatbots(tx: Db | Tx, companyId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(chatbots).where(tenant(chatbots, companyId, inArray(chatbots.id, ids)));
}

const linkTables = { integrationId: queueIntegrations, fileListId: fileLists, promptId: prompts } as const;
type LinkField = keyof typeof linkTables;

/** The first of the queue's links that is not one of the company's rows; none when all are. */
export async function foreignQueueLink(
  db: Db | Tx,
  companyId: number,
  links: Partial<Record<LinkField, number | null>>,
): Promise<LinkField | undefined> {
  for (const field of Object.keys(linkTables) as LinkField[]) {
    const id = links[field];
    if (id === undefined || id === null) continue;
    const table = linkTables[field];
    const [found] = await db
      .select({ id: table.id })
      .from(table)
      .where(tenant(table, companyId, eq(table.id, id)));
    if (!found) return field;
  }
  return undefined;
}
