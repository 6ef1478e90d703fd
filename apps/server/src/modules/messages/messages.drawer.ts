import type { TicketMedia } from '@balcao/shared';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { messages } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { showTicket } from '../tickets/tickets.service.js';

/** The drawer shows the newest of each kind; older ones are one scroll of the chat away. */
const DRAWER_LIMIT = 100;
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

const live = (ticketId: number, companyId: number) =>
  and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.isDeleted, false));

function attachments(ctx: Ctx, ticketId: number, onlyImages: boolean) {
  return ctx.db
    .select()
    .from(messages)
    .where(
      and(
        live(ticketId, ctx.companyId),
        isNotNull(messages.mediaPath),
        onlyImages ? eq(messages.mediaType, 'image') : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(DRAWER_LIMIT);
}

const toItem = (ctx: Ctx, row: typeof messages.$inferSelect) => ({
  id: row.id,
  mediaUrl: ctx.links.url(row.mediaPath) ?? '',
  mediaType: row.mediaType ?? 'application',
  mediaName: row.mediaName,
  fromMe: row.fromMe,
  createdAt: row.createdAt.toISOString(),
});

/** `GET /messages/listimages/{ticketId}`: the gallery of a conversation, newest first. */
export async function listTicketImages(ctx: Ctx, ticketId: number) {
  await showTicket(ctx, ticketId);
  const rows = await attachments(ctx, ticketId, true);
  return { images: rows.map((row) => toItem(ctx, row)) };
}

/** `GET /messages/getmedia/{ticketId}`: what the contact drawer lists, each kind newest first. */
export async function listTicketMedia(ctx: Ctx, ticketId: number): Promise<TicketMedia> {
  await showTicket(ctx, ticketId);
  const [files, withLinks, calls] = await Promise.all([
    attachments(ctx, ticketId, false),
    ctx.db
      .select({ id: messages.id, body: messages.body, createdAt: messages.createdAt })
      .from(messages)
      .where(and(live(ticketId, ctx.companyId), sql`${messages.body} ~ 'https?://'`))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(DRAWER_LIMIT),
    ctx.db
      .select({
        id: messages.id,
        body: messages.body,
        fromMe: messages.fromMe,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(and(live(ticketId, ctx.companyId), eq(messages.mediaType, 'call_log')))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(DRAWER_LIMIT),
  ]);
  const items = files.map((row) => toItem(ctx, row));
  return {
    media: items.filter((item) => item.mediaType !== 'application'),
    documents: items.filter((item) => item.mediaType === 'application'),
    links: withLinks
      .flatMap((row) =>
        [...row.body.matchAll(URL_PATTERN)].map((match) => ({
          id: row.id,
          url: match[0],
          createdAt: row.createdAt.toISOString(),
        })),
      )
      .slice(0, DRAWER_LIMIT),
    calls: calls.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
