import type { Ctx } from '../../platform/context.js';
import { recordAudit } from '../audit/audit.record.js';
import { numbersHiddenFor } from './contacts.masking.js';
import { toContact } from './contacts.present.js';
import { contactBatch } from './contacts.queries.js';
import { sheetWriter } from './contacts.sheet.js';

const BATCH = 500;

/**
 * backup_contatos.xlsx, sheet `Contatos`, in the columns an import reads back. Written as it is
 * read, batch by batch, so a large company never sits whole in memory; numbers are masked as the
 * caller would see them on the page.
 */
export async function exportContacts(ctx: Ctx) {
  const hide = await numbersHiddenFor(ctx.actors, ctx.actor, ctx.companyId);
  // Recorded when asked for: what left is the whole list as the caller could see it.
  const changes = { numbersHidden: hide };
  await recordAudit(ctx.db, ctx, {
    companyId: ctx.companyId,
    action: 'contacts.export',
    entityType: 'contact',
    changes,
  });
  const sheet = await sheetWriter('Contatos', ['name', 'number', 'email', 'tags']);
  const write = async () => {
    let afterId = 0;
    for (;;) {
      const rows = await contactBatch(ctx.db, ctx.companyId, afterId, BATCH);
      if (rows.length === 0) break;
      for (const contact of rows.map((row) => toContact(row, hide)))
        sheet.add([
          contact.name,
          contact.number ?? '',
          contact.email,
          contact.tags.map((t) => t.name).join(', '),
        ]);
      afterId = rows.at(-1)?.id ?? afterId;
    }
    await sheet.finish();
  };
  write().catch((error: unknown) => sheet.stream.destroy(error as Error));
  return sheet.stream;
}
