import { PLATFORM_COMPANY_ID } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { auditLog } from '../../db/schema/index.js';
import { firstSheetRows } from '../../platform/sheets/xlsx.js';
import { pruneAuditLog } from './audit.retention.js';

const app = await createTestApp();
afterAll(() => app.close());

const NEW_PASSWORD = 'Another-pass-9';

/** The workbook's rows, each as its cells' texts from column A. */
async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of firstSheetRows(bytes))
    rows.push(Array.from({ length: 7 }, (_, i) => row.cells.get(i + 1) ?? ''));
  return rows;
}

const entriesOf = async (companyId: number) =>
  app.deps.db.select().from(auditLog).where(eq(auditLog.companyId, companyId));

describe('the audit log', () => {
  test('a setting change and a user update are listed with before and after, never a password or token', async () => {
    const { companyId, admin } = await createTenant(app);
    const agent = await createUser(app, companyId, { name: 'Ana' });
    const platformAdmin = await createUser(app, PLATFORM_COMPANY_ID, { profile: 'admin', super: true });

    await call(app, 'PUT', '/settings/userRating', { token: admin.token, body: { value: 'enabled' } });
    const updated = await call(app, 'PUT', `/users/${agent.id}`, {
      token: admin.token,
      body: { name: 'Ana Lima', profile: 'supervisor', password: NEW_PASSWORD },
    });
    await call(app, 'PUT', '/settings/paymentGatewayToken', {
      token: platformAdmin.token,
      body: { value: 'gateway-token-123' },
    });
    const list = await call(app, 'GET', '/audit-log', { token: admin.token });

    expect(updated.status).toBe(200);
    expect(list.status).toBe(200);
    expect(list.body.entries.map((e: { action: string }) => e.action).sort()).toEqual([
      'setting.update',
      'user.permissions',
      'user.update',
    ]);
    const byAction = Object.fromEntries(list.body.entries.map((e: { action: string }) => [e.action, e]));
    expect(byAction['setting.update']).toMatchObject({
      entityType: 'setting',
      entityId: 'userRating',
      changes: { userRating: ['disabled', 'enabled'] },
    });
    expect(byAction['user.update'].changes).toEqual({ name: ['Ana', 'Ana Lima'], password: '[changed]' });
    expect(byAction['user.permissions']).toMatchObject({
      entityId: String(agent.id),
      actorName: expect.stringMatching(/^Admin /),
      changes: { profile: ['user', 'supervisor'] },
    });
    const stored = JSON.stringify([
      ...(await entriesOf(companyId)),
      ...(await entriesOf(PLATFORM_COMPANY_ID)),
    ]);
    expect(stored).toContain('"paymentGatewayToken":"[changed]"');
    expect(stored).not.toContain(NEW_PASSWORD);
    expect(stored).not.toContain('gateway-token-123');
    expect(stored).not.toContain('$argon2');
  });

  test("another company's admin sees none of the entries, a non-admin is refused, and no route changes them", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const agentOfA = await createUser(app, a.companyId);
    await call(app, 'PUT', '/settings/requiredTag', { token: a.admin.token, body: { value: 'enabled' } });

    const seenByB = await call(app, 'GET', '/audit-log', { token: b.admin.token });
    const exportedByB = await call(app, 'GET', '/audit-log/export', { token: b.admin.token });
    const seenByAgent = await call(app, 'GET', '/audit-log', { token: agentOfA.token });
    const removal = await call(app, 'DELETE', '/audit-log', { token: a.admin.token });

    expect(seenByB.body).toEqual({ entries: [], count: 0, hasMore: false });
    expect(await sheetRows(exportedByB.response.rawPayload)).toHaveLength(1);
    expect([seenByAgent.status, seenByAgent.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    expect(removal.status).toBe(404);
    expect(await entriesOf(a.companyId)).toHaveLength(1);
  });

  test('exporting the contacts and deleting a ticket are recorded', async () => {
    const { companyId, admin } = await createTenant(app);
    const ticket = await createTicket(app, companyId);

    const exported = await call(app, 'GET', '/contacts/export', { token: admin.token });
    const deleted = await call(app, 'DELETE', `/tickets/${ticket.id}`, { token: admin.token });
    const list = await call(app, 'GET', '/audit-log', { token: admin.token });

    expect([exported.status, deleted.status]).toEqual([200, 204]);
    expect(list.body.entries).toMatchObject([
      { action: 'ticket.delete', entityType: 'ticket', entityId: String(ticket.id) },
      { action: 'contacts.export', entityType: 'contact', actorUserId: admin.id },
    ]);
  });

  test('the retention sweep deletes only the entries older than the period', async () => {
    const { companyId } = await createTenant(app);
    const now = new Date('2026-06-01T12:00:00Z');
    const entry = (createdAt: Date) => ({
      companyId,
      actorName: 'Admin',
      action: 'setting.update',
      entityType: 'setting',
      createdAt,
    });
    await app.deps.db
      .insert(auditLog)
      .values([entry(new Date('2025-05-31T12:00:00Z')), entry(new Date('2025-06-02T12:00:00Z'))]);

    await pruneAuditLog(app.deps.db, 365, now);

    expect((await entriesOf(companyId)).map((e) => e.createdAt.toISOString())).toEqual([
      '2025-06-02T12:00:00.000Z',
    ]);
  });

  test('the export holds exactly what the filters chose', async () => {
    const { companyId, admin } = await createTenant(app);
    const agent = await createUser(app, companyId, { name: 'Bia' });
    await call(app, 'PUT', '/settings/userRating', { token: admin.token, body: { value: 'enabled' } });
    await call(app, 'PUT', `/users/${agent.id}`, { token: admin.token, body: { name: 'Bia Souza' } });

    const answer = await call(app, 'GET', '/audit-log/export?action=user.update&language=en', {
      token: admin.token,
    });
    const rows = await sheetRows(answer.response.rawPayload);

    expect(answer.status).toBe(200);
    expect(answer.response.headers['content-disposition']).toContain('registro-de-auditoria.xlsx');
    expect(rows[0]?.slice(0, 3)).toEqual(['Date', 'Who', 'Action']);
    expect(rows.slice(1).map((row) => [row[2], row[3], row[4]])).toEqual([
      ['User changed', 'User', String(agent.id)],
    ]);
    expect(rows[1]?.[0]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  });
});
