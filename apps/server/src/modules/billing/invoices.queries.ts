import { type Invoice, PAGE_SIZE, PLATFORM_COMPANY_ID } from '@balcao/shared';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { invoices } from '../../db/schema/index.js';
import { likePattern } from '../queue-integrations/queue-integrations.queries.js';

type InvoiceRow = typeof invoices.$inferSelect;

const toInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  detail: row.detail,
  users: row.users,
  connections: row.connections,
  queues: row.queues,
  value: row.valueCents,
  dueDate: row.dueDate,
  status: row.status === 'paid' ? 'paid' : 'open',
  paidAt: row.paidAt?.toISOString() ?? null,
});

export async function listInvoices(db: Db, companyId: number, search: string | undefined, page: number) {
  const pattern = likePattern(search);
  const where = and(eq(invoices.companyId, companyId), pattern ? ilike(invoices.detail, pattern) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.dueDate))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ value: count() }).from(invoices).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return { invoices: rows.map(toInvoice), count: totalCount, hasMore: page * PAGE_SIZE < totalCount };
}

export async function findInvoice(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  return row;
}

/**
 * One invoice per company and due date for every paying company whose due date is at most `daysAhead`
 * away (or past, unpaid: a company that lapsed still gets the invoice it pays to come back). The
 * unique (company, due date) index makes running again, or in two processes at once, harmless. It
 * copies the plan as it is now, priced for the company's recurrence.
 */
export async function generateInvoices(db: Db, today: string, daysAhead: number): Promise<void> {
  await db.execute(sql`
    insert into invoices (company_id, detail, users, connections, queues, value_cents, due_date)
    select c.id, p.name, p.users, p.connections, p.queues,
           p.amount_cents * case c.recurrence
             when 'BIMESTRAL' then 2 when 'TRIMESTRAL' then 3 when 'SEMESTRAL' then 6 when 'ANUAL' then 12
             else 1 end,
           c.due_date
      from companies c
      join plans p on p.id = c.plan_id
     where c.status
       and c.id <> ${PLATFORM_COMPANY_ID}
       and p.amount_cents > 0
       and c.due_date <= ${today}::date + ${daysAhead}::int
    on conflict (company_id, due_date) do nothing`);
}
