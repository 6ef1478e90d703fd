import { z } from 'zod';
import { dbId, msg, pageNumber, plainText, requiredText } from '../validation.js';

const invoiceStatuses = ['open', 'paid'] as const;

const invoiceSchema = z.object({
  id: z.number(),
  detail: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  /** In cents of BRL. */
  value: z.number(),
  dueDate: z.string(),
  status: z.enum(invoiceStatuses),
  paidAt: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** `GET /invoices/all` (spec 001 §7): the caller's company's invoices, newest due date first. */
export const invoicesQuery = z.object({
  searchParam: plainText(100).optional(),
  pageNumber,
});
export const invoicesResponse = z.object({
  invoices: z.array(invoiceSchema),
  count: z.number(),
  hasMore: z.boolean(),
});

/** Spec 001 §9: a custom plan starts at, and never goes below, 3 users and 3 connections. */
export const CUSTOM_PLAN_MINIMUM = 3;
const CUSTOM_PLAN_MAXIMUM = 1000;
const customCount = z.number().int().min(CUSTOM_PLAN_MINIMUM).max(CUSTOM_PLAN_MAXIMUM);

/** Spec 001 §9: R$ 49 plus R$ 11 per user and R$ 20 per connection, a month; in cents. */
export function customPlanPrice(users: number, connections: number): number {
  return (49 + 11 * users + 20 * connections) * 100;
}

/**
 * `POST /subscription` (spec 001 §3, subscription request). The price is never taken from the client:
 * the server charges the invoice's value, or the custom plan's price worked out from `custom`. The
 * card fields of the replaced product's form are not asked: payment is by Pix only.
 */
export const subscriptionBody = z.object({
  invoiceId: dbId(),
  firstName: requiredText(1, 120, msg.fullNameRequired),
  lastName: plainText(120).default(''),
  address2: plainText(200).default(''),
  city: plainText(120).default(''),
  state: plainText(60).default(''),
  zipcode: requiredText(1, 20, msg.zipcodeRequired),
  country: plainText(60).default(''),
  useAddressForPaymentDetails: z.boolean().default(false),
  custom: z.object({ users: customCount, connections: customCount }).nullable().default(null),
});
export type SubscriptionBody = z.input<typeof subscriptionBody>;

/** The Pix charge to pay (spec 001 §3, Pix payment: qrcode.qrcode, valor.original). */
export const pixChargeResponse = z.object({
  txid: z.string(),
  invoiceId: z.number(),
  qrcode: z.object({
    /** The copy-and-paste code ("Pix copia e cola"). */
    qrcode: z.string(),
    /** The QR code as a `data:image/png;base64,` URL, as the provider drew it. */
    imagemQrcode: z.string(),
  }),
  valor: z.object({ original: z.string() }),
  expiresAt: z.string(),
});
export type PixCharge = z.infer<typeof pixChargeResponse>;

/** The `company-{id}-payment` event (spec 001 §7): the company paid; its new due date. */
export const paymentEventSchema = z.object({
  action: z.literal('CONCLUIDA'),
  invoiceId: z.number(),
  company: z.object({ id: z.number(), dueDate: z.string() }),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;
