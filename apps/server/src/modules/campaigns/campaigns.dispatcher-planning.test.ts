import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import { seedAudience } from '../../../test/campaigns.js';
import { createCloudTenant, createMetaTestApp, type MetaTestApp } from '../../../test/fake-graph/meta-app.js';
import { campaigns } from '../../db/schema/index.js';
import { claimNextShipping, settleShipping, takeRunLease } from './campaigns.dispatcher-queries.js';

const RECIPIENTS = 10_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The campaign's shippings against its list: how many, how many items, and how many carry each
 * variant filled with that item's own name, number or email.
 */
async function shippingsOf(meta: MetaTestApp, campaignId: number) {
  const [row] = rowsOf<Record<string, number>>(
    await meta.app.deps.db.execute(sql`
      select count(*)::int as total, count(distinct s.contact_list_item_id)::int as items,
        count(distinct s.number)::int as numbers,
        count(*) filter (where s.message = 'A ' || i.name)::int as a,
        count(*) filter (where s.message = 'B ' || i.number)::int as b,
        count(*) filter (where s.message = 'C ' || i.email)::int as c
      from campaign_shippings s join contact_list_items i on i.id = s.contact_list_item_id
      where s.campaign_id = ${campaignId}`),
  );
  return row as Record<'total' | 'items' | 'numbers' | 'a' | 'b' | 'c', number>;
}

describe('planning a campaign', () => {
  let meta: MetaTestApp;
  beforeAll(async () => {
    meta = await createMetaTestApp();
  });
  afterAll(() => meta.close());

  // Sends are what is slow to test (campaigns.dispatcher.test.ts sends a few hundred for real): this
  // one plans 10,000 recipients and claims from them, without sending, across a cancel and a restart.
  test('10,000 recipients get one shipping each with a variant drawn and filled; a cancel and a restart plan only the new, and claims go on past the settled', {
    timeout: 120_000,
  }, async () => {
    const { app } = meta;
    const db = app.deps.db;
    const tenant = await createCloudTenant(meta);
    const token = tenant.admin.token;
    const audience = { companyId: tenant.companyId, connectionId: tenant.connection.id };
    const listId = await seedAudience(app, audience, RECIPIENTS, '5511800', { windowOpen: false });
    const [campaign] = await db
      .insert(campaigns)
      .values({
        companyId: tenant.companyId,
        name: 'Grande',
        status: 'CANCELADA',
        message1: 'A {nome}',
        message2: 'B {numero}',
        message3: 'C {email}',
        connectionIds: [tenant.connection.id],
        contactListId: listId,
      })
      .returning();
    const target = { companyId: tenant.companyId, id: campaign?.id ?? 0 };
    const path = (action: string) => `/campaigns/${target.id}/${action}`;
    // Another dispatcher holds the campaign: this app's own starts, finds it taken, and sends nothing.
    const holder = 'another-process';
    expect(await takeRunLease(db, target, holder, 600, new Date())).toBe(true);
    const claim = () => claimNextShipping(db, target, holder, tenant.connection.id, new Date());
    const settle = async (shipping: Awaited<ReturnType<typeof claim>>) => {
      if (!shipping) throw new Error('nothing claimed');
      const now = new Date();
      await settleShipping(
        db,
        shipping,
        { state: 'delivered', externalId: `wamid.${shipping.id}` },
        {
          now,
          nextSendAt: now,
        },
      );
    };

    const started = await call(app, 'POST', path('restart'), { token });
    const planned = await shippingsOf(meta, target.id);
    const firstReport = await call(app, 'GET', path('report'), { token });
    const settled = [await claim(), await claim()];
    for (const shipping of settled) await settle(shipping);
    const inFlight = await claim();

    await db.execute(sql`
      insert into contact_list_items (company_id, contact_list_id, name, number, email)
      values (${tenant.companyId}, ${listId}, 'Novo', '5511899999991', 'novo@x.test'),
             (${tenant.companyId}, ${listId}, 'Nova', '5511899999992', 'nova@x.test')`);
    const cancelled = await call(app, 'POST', path('cancel'), { token });
    const whileCancelled = await claim();
    await settle(inFlight);
    const restarted = await call(app, 'POST', path('restart'), { token });
    const replanned = await shippingsOf(meta, target.id);
    const next = await claim();
    const finalReport = await call(app, 'GET', path('report'), { token });

    expect(started.body.status).toBe('EM_ANDAMENTO');
    expect(planned.total).toBe(RECIPIENTS);
    expect(planned.items).toBe(RECIPIENTS);
    expect(planned.numbers).toBe(RECIPIENTS);
    // Each row filled with its own recipient, and the variants drawn per row: a third each, give or
    // take (some 47 is one standard deviation; 300 is more than six).
    expect(planned.a + planned.b + planned.c).toBe(RECIPIENTS);
    for (const drawn of [planned.a, planned.b, planned.c])
      expect(Math.abs(drawn - RECIPIENTS / 3)).toBeLessThan(300);
    expect(firstReport.body).toMatchObject({ validContacts: RECIPIENTS, delivered: 0 });

    expect(cancelled.body.status).toBe('CANCELADA');
    expect(whileCancelled).toBeUndefined();
    expect(restarted.body.status).toBe('EM_ANDAMENTO');
    expect(replanned.total).toBe(RECIPIENTS + 2);
    expect(replanned.items).toBe(RECIPIENTS + 2);
    const claimedBefore = [...settled, inFlight].map((s) => s?.id);
    expect(new Set(claimedBefore).size).toBe(3);
    expect(claimedBefore).not.toContain(next?.id);
    expect(next?.id).toBeGreaterThan(Math.max(...claimedBefore.map(Number)));
    expect(finalReport.body).toMatchObject({ validContacts: RECIPIENTS + 2, delivered: 3, failed: 0 });
  });
});
