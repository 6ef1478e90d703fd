import { MOMENTS_CARD_TICKETS, MOMENTS_WINDOW_DAYS, type MomentCard, type Moments } from '@balcao/shared';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { ticketScopeOf, visibleTicketsFilter } from '../tickets/tickets.access.js';

interface MomentRow {
  id: number;
  uuid: string;
  status: string;
  holder_id: number | null;
  holder_name: string | null;
  online: boolean | null;
  since: Date | string;
  total: number;
  oldest: Date | string;
  contact_name: string;
  queue_name: string | null;
  queue_color: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Tempo Real: the open and pending tickets changed in the last 30 days that the caller may see in
 * the inbox, one card per attendant holding some and the 'Pendentes' card. Each card counts all its
 * tickets and lists the longest-waiting ones; grouping and ranking happen in the one statement.
 */
export async function listMoments(ctx: Ctx): Promise<Moments> {
  const { companyId } = ctx;
  const since = new Date(ctx.now().getTime() - MOMENTS_WINDOW_DAYS * 86_400_000).toISOString();
  const visible = visibleTicketsFilter(ticketScopeOf(ctx.actor), {
    companyId: sql`${companyId}`,
    userId: sql`${ctx.actor.userId}`,
  });
  const result = await ctx.db.execute(sql`
    with visible as (
      select tickets.id, tickets.uuid, tickets.status, tickets.queue_id, tickets.contact_id,
             case when tickets.status = 'open' then tickets.user_id end as holder_id,
             coalesce(case when tickets.status = 'open' then c.accepted_at else c.queued_at end, tickets.created_at) as since
      from tickets
      left join lateral (
        select accepted_at, queued_at from ticket_cycles c
        where c.company_id = ${companyId} and c.ticket_id = tickets.id and c.closed_at is null
        order by c.id desc limit 1
      ) c on true
      where tickets.company_id = ${companyId} and tickets.status in ('open', 'pending')
        and tickets.updated_at >= ${since}::timestamptz and not tickets.is_group
        ${visible ? sql`and ${visible}` : sql``}
    ), ranked as (
      select v.*, row_number() over (partition by v.holder_id order by v.since, v.id) as n,
             count(*) over (partition by v.holder_id)::int as total,
             min(v.since) over (partition by v.holder_id) as oldest
      from visible v
    )
    select r.id, r.uuid, r.status, r.holder_id, u.name as holder_name, u.online, r.since, r.total, r.oldest,
           ct.name as contact_name, q.name as queue_name, q.color as queue_color
    from ranked r
    join contacts ct on ct.id = r.contact_id and ct.company_id = ${companyId}
    left join users u on u.id = r.holder_id and u.company_id = ${companyId}
    left join queues q on q.id = r.queue_id and q.company_id = ${companyId}
    where r.n <= ${MOMENTS_CARD_TICKETS}
    order by u.name nulls first, r.holder_id, r.since, r.id`);
  const rows = (result as unknown as { rows: MomentRow[] }).rows;
  const pending: MomentCard = {
    userId: null,
    name: '',
    online: false,
    count: 0,
    oldestSince: null,
    tickets: [],
  };
  const cards = new Map<number, MomentCard>();
  for (const row of rows) {
    let card = pending;
    if (row.holder_id !== null) {
      card = cards.get(row.holder_id) ?? {
        userId: row.holder_id,
        name: row.holder_name ?? '',
        online: row.online ?? false,
        count: 0,
        oldestSince: null,
        tickets: [],
      };
      cards.set(row.holder_id, card);
    }
    card.count = row.total;
    card.oldestSince = iso(row.oldest);
    card.tickets.push({
      id: row.id,
      uuid: row.uuid,
      status: row.status,
      contactName: row.contact_name,
      queueName: row.queue_name,
      queueColor: row.queue_color,
      since: iso(row.since),
    });
  }
  return { pending, attendants: [...cards.values()] };
}
