import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { sendMedia } from '../../../test/multipart.js';
import { messages } from '../../db/schema/index.js';

/** A real full disk: a 256 KB tmpfs as the data folder (CI runs as root; elsewhere the test says why it skips). */
const dataDir = mkdtempSync(join(tmpdir(), 'balcao-full-'));
const mounted = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', dataDir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await app?.close();
  if (mounted) execFileSync('umount', [dataDir]);
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const bigPdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.alloc(400 * 1024, 0x20),
  Buffer.from('\n%%EOF\n'),
]);
const filesIn = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

test.skipIf(!mounted)(
  'an attachment that does not fit on a full disk is refused clearly, and nothing of it stays',
  async () => {
    const tenant = await createTenant(app);
    const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });

    const refused = await sendMedia(app, ticket.id, tenant.admin.token, {
      filename: 'catalogo.pdf',
      type: 'application/pdf',
      bytes: bigPdf,
    });

    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toMatchObject({ error: 'ERR_STORAGE_FULL' });
    expect(await app.deps.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).toEqual([]);
    expect(filesIn(app.deps.config.mediaDir)).toEqual([]);

    const small = await sendMedia(app, ticket.id, tenant.admin.token, {
      filename: 'ok.png',
      type: 'image/png',
      bytes: PNG,
    });
    expect(small.statusCode).toBe(201);
    expect(filesIn(app.deps.config.mediaDir)).toHaveLength(1);
  },
);
