import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { chatbots, connectionQueues, fileListOptions, fileLists, queues, users } from '../db/schema/index.js';

export type QueueRow = typeof queues.$inferSelect;
export type OptionRow = typeof chatbots.$inferSelect;

/** The connection's queues in menu order, each saying whether it has a chatbot menu of its own. */
export function menuQueues(db: Db, companyId: number, connectionId: number) {
  return db
    .select({
      queue: queues,
      hasOptions: sql<boolean>`exists (select 1 from ${chatbots} where ${chatbots.queueId} = ${queues.id} and ${chatbots.parentId} is null)`,
    })
    .from(connectionQueues)
    .innerJoin(queues, eq(queues.id, connectionQueues.queueId))
    .where(and(eq(connectionQueues.connectionId, connectionId), eq(queues.companyId, companyId)))
    .orderBy(asc(connectionQueues.position), asc(queues.orderQueue), asc(queues.id));
}

/** The options under `parentId` (the queue's first level when null), in menu order. */
export function optionsUnder(db: Db, companyId: number, queueId: number, parentId: number | null) {
  return db
    .select()
    .from(chatbots)
    .where(
      and(
        eq(chatbots.companyId, companyId),
        eq(chatbots.queueId, queueId),
        parentId === null ? isNull(chatbots.parentId) : eq(chatbots.parentId, parentId),
      ),
    )
    .orderBy(asc(chatbots.position), asc(chatbots.id));
}

export async function findQueue(db: Db, companyId: number, queueId: number) {
  const [queue] = await db
    .select()
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  return queue;
}

export async function findOption(db: Db, companyId: number, optionId: number) {
  const [option] = await db
    .select()
    .from(chatbots)
    .where(and(eq(chatbots.companyId, companyId), eq(chatbots.id, optionId)));
  return option;
}

/** A user of the company (an option's attendant is checked: ids in the tree are not trusted). */
export async function companyUserExists(db: Db, companyId: number, userId: number) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return user !== undefined;
}

/** A file list's message and its files. */
export async function loadFileList(db: Db, companyId: number, fileListId: number) {
  const [list] = await db
    .select()
    .from(fileLists)
    .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, fileListId)));
  if (!list) return undefined;
  const files = await db
    .select()
    .from(fileListOptions)
    .where(and(eq(fileListOptions.companyId, companyId), eq(fileListOptions.fileListId, fileListId)))
    .orderBy(asc(fileListOptions.id));
  return { list, files };
}
