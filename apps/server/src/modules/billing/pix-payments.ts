import { events, extendDueDate, type PaymentEvent, zonedParts } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { companies, invoices, pixCharges } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { type PixClient, reais } from './pix.client.js';
import { findChargeByTxid, type PixChargeRow } from './pix-charges.queries.js';

/** One payment of the provider's webhook (`pix[]`); the rest of its fields are not needed. */
const notifiedPayment = z.object({ txid: z.string().min(1).max(35), endToEndId: z.string().min(1).max(64) });

/** The `pix` array of a webhook delivery, each entry read alone: one bad entry never sinks the others. */
export function paymentsOf(list: unknown[]): z.infer<typeof notifiedPayment>[] {
  return list.flatMap((entry) => {
    const parsed = notifiedPayment.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Settles one notified payment. The notification is only a hint: the charge is read back from the
 * provider and counts only when it says CONCLUIDA with this endToEndId for our price. The invoice then
 * goes from open to paid in one conditional update, so a replayed notification (or two processes
 * given the same one) extends the due date once.
 */
export async function settlePayment(
  deps: AppDeps,
  pix: PixClient,
  notified: z.infer<typeof notifiedPayment>,
): Promise<void> {
  const charge = await findChargeByTxid(deps.db, notified.txid);
  if (!charge || charge.endToEndId) return;
  const provider = await pix.findCharge(charge.txid);
  const paid = provider.pix?.some((payment) => payment.endToEndId === notified.endToEndId);
  if (provider.status !== 'CONCLUIDA' || !paid || provider.valor.original !== reais(charge.valueCents))
    return;
  const event = await markPaid(deps, charge, notified.endToEndId);
  if (event) deps.realtime.toRoom(rooms.billing(charge.companyId), events.payment(charge.companyId), event);
}

async function markPaid(deps: AppDeps, charge: PixChargeRow, endToEndId: string) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [invoice] = await tx
      .update(invoices)
      .set({
        status: 'paid',
        paidAt: now,
        providerTxid: charge.txid,
        ...(charge.customUsers ? { users: charge.customUsers } : {}),
        ...(charge.customConnections ? { connections: charge.customConnections } : {}),
      })
      .where(
        and(
          eq(invoices.companyId, charge.companyId),
          eq(invoices.id, charge.invoiceId),
          eq(invoices.status, 'open'),
        ),
      )
      .returning({ id: invoices.id });
    if (!invoice) return undefined;
    await tx.update(pixCharges).set({ endToEndId }).where(eq(pixCharges.txid, charge.txid));
    const [company] = await tx
      .select()
      .from(companies)
      .where(eq(companies.id, charge.companyId))
      .for('no key update');
    if (!company) return undefined;
    const dueDate = extendDueDate(
      company.dueDate,
      zonedParts(now, company.timezone).date,
      company.recurrence,
    );
    await tx
      .update(companies)
      .set({
        dueDate,
        ...(charge.customUsers ? { numberAttendants: charge.customUsers } : {}),
        ...(charge.customConnections ? { numberConnections: charge.customConnections } : {}),
      })
      .where(eq(companies.id, company.id));
    const event: PaymentEvent = {
      action: 'CONCLUIDA',
      invoiceId: invoice.id,
      company: { id: company.id, dueDate },
    };
    return event;
  });
}
