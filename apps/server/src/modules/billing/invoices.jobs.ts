import type { AppDeps } from '../../platform/context.js';
import { generateInvoices } from './invoices.queries.js';

const INVOICE_JOB = 'billing.invoices';

export async function registerInvoiceJob(deps: AppDeps): Promise<void> {
  await deps.jobs.work(INVOICE_JOB, () =>
    generateInvoices(deps.db, deps.now().toISOString().slice(0, 10), deps.config.invoiceDaysAhead),
  );
  // Hourly across every process (pg-boss runs a schedule once): an invoice is due days ahead, so an
  // hour late is nothing, and a company renewed or created is covered within the hour.
  await deps.jobs.schedule(INVOICE_JOB, '17 * * * *');
}
