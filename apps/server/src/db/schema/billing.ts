import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, timestamps } from './columns.js';
import { companyId, invoices } from './companies.js';

/**
 * Every Pix charge asked of the provider for an invoice. A charge expires and a new one is made for
 * the same invoice, so charges are kept by txid: a late payment of an earlier one still finds its
 * invoice.
 */
export const pixCharges = pgTable(
  'pix_charges',
  {
    /** Ours, sent to the provider in `PUT /v2/cob/:txid` (26–35 letters and digits). */
    txid: text('txid').primaryKey(),
    companyId: companyId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    valueCents: integer('value_cents').notNull(),
    /** The custom plan the payment sets, when the wizard chose one (null: the invoice's). */
    customUsers: integer('custom_users'),
    customConnections: integer('custom_connections'),
    /** The provider's location id, whose QR code `GET /v2/loc/:id/qrcode` draws. */
    locationId: integer('location_id').notNull(),
    copyPaste: text('copy_paste').notNull(),
    qrImage: text('qr_image').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** The provider's id of the payment that settled it, once paid. */
    endToEndId: text('end_to_end_id'),
    ...timestamps,
  },
  (t) => [index('pix_charges_company_invoice_idx').on(t.companyId, t.invoiceId, t.expiresAt)],
);
