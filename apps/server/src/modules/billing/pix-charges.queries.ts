import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pixCharges } from '../../db/schema/index.js';

export type PixChargeRow = typeof pixCharges.$inferSelect;

/** The invoice's latest charge still payable at `until` for this price and custom plan, if any. */
export async function findPayableCharge(
  db: Db,
  companyId: number,
  invoiceId: number,
  until: Date,
  wanted: { valueCents: number; customUsers: number | null; customConnections: number | null },
) {
  const [row] = await db
    .select()
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.companyId, companyId),
        eq(pixCharges.invoiceId, invoiceId),
        gt(pixCharges.expiresAt, until),
        isNull(pixCharges.endToEndId),
      ),
    )
    .orderBy(desc(pixCharges.expiresAt))
    .limit(1);
  const same =
    row &&
    row.valueCents === wanted.valueCents &&
    row.customUsers === wanted.customUsers &&
    row.customConnections === wanted.customConnections;
  return same ? row : undefined;
}

export async function findChargeByTxid(db: Db, txid: string) {
  const [row] = await db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
  return row;
}
