import { randomBytes } from 'node:crypto';
import { customPlanPrice, monthsOf, type PixCharge, type subscriptionBody } from '@balcao/shared';
import type { z } from 'zod';
import { pixCharges } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findCompanyAndPlan } from '../companies/companies.queries.js';
import { findInvoice } from './invoices.queries.js';
import { type PixClient, reais } from './pix.client.js';
import { findPayableCharge, type PixChargeRow } from './pix-charges.queries.js';

/** A charge about to expire is not handed out again: the payer needs time to open the bank's app. */
const REUSE_MARGIN_MS = 10 * 60_000;
const TXID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 32 random letters and digits: within the 26–35 the Pix rules ask of a txid. */
function newTxid(): string {
  return [...randomBytes(32)].map((byte) => TXID_ALPHABET[byte % TXID_ALPHABET.length]).join('');
}

const toPixCharge = (row: PixChargeRow): PixCharge => ({
  txid: row.txid,
  invoiceId: row.invoiceId,
  qrcode: { qrcode: row.copyPaste, imagemQrcode: row.qrImage },
  valor: { original: reais(row.valueCents) },
  expiresAt: row.expiresAt.toISOString(),
});

/** CPF (11 digits) or CNPJ (14) from the company's document, as the provider wants the payer named. */
function payerOf(name: string, document: string) {
  const digits = document.replace(/\D/g, '');
  if (digits.length === 11) return { name, cpf: digits };
  if (digits.length === 14) return { name, cnpj: digits };
  return undefined;
}

/**
 * `POST /subscription`: a Pix charge for one of the company's open invoices. The price is the
 * invoice's, or the custom plan's for the invoice's months; never one the client sent. A charge
 * still payable for the same price is answered again, so a double click makes one charge.
 */
export async function subscribe(
  ctx: Ctx,
  pix: PixClient | undefined,
  input: z.output<typeof subscriptionBody>,
): Promise<PixCharge> {
  const invoice = await findInvoice(ctx.db, ctx.companyId, input.invoiceId);
  if (!invoice) throw new AppError('ERR_NO_INVOICE_FOUND');
  if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID');
  if (!pix) throw new AppError('ERR_PIX_NOT_CONFIGURED');
  const found = await findCompanyAndPlan(ctx.db, ctx.companyId);
  if (!found) throw new AppError('ERR_NO_COMPANY_FOUND');
  const { custom } = input;
  const wanted = {
    valueCents: custom
      ? customPlanPrice(custom.users, custom.connections) * monthsOf(found.company.recurrence)
      : invoice.valueCents,
    customUsers: custom?.users ?? null,
    customConnections: custom?.connections ?? null,
  };
  const now = ctx.now();
  const payable = await findPayableCharge(
    ctx.db,
    ctx.companyId,
    invoice.id,
    new Date(now.getTime() + REUSE_MARGIN_MS),
    wanted,
  );
  if (payable) return toPixCharge(payable);

  const txid = newTxid();
  const seconds = ctx.config.pix.chargeSeconds;
  const payerName = `${input.firstName} ${input.lastName}`.trim();
  const charge = await pix.createCharge({
    txid,
    valueCents: wanted.valueCents,
    expiresInSeconds: seconds,
    description: `Fatura #${invoice.id}`,
    payer: payerOf(payerName, found.company.document),
  });
  const qr = await pix.qrCode(charge.loc.id);
  const [row] = await ctx.db
    .insert(pixCharges)
    .values({
      txid,
      companyId: ctx.companyId,
      invoiceId: invoice.id,
      ...wanted,
      locationId: charge.loc.id,
      copyPaste: qr.qrcode,
      qrImage: qr.imagemQrcode,
      expiresAt: new Date(now.getTime() + seconds * 1000),
    })
    .returning();
  if (!row) throw new Error('Pix charge not stored');
  return toPixCharge(row);
}
