import type { Campaign } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import { fakeClock, seedAudience, setPacing } from '../../../test/campaigns.js';
import { cloudMessage, cloudText } from '../../../test/fake-graph/fixtures.js';
import { createCloudTenant, createMetaTestApp, type MetaTestApp } from '../../../test/fake-graph/meta-app.js';
import { createWebchatConnection } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { campaignSettings, campaignShippings, campaigns, contactListItems } from '../../db/schema/index.js';

type CloudTenant = Awaited<ReturnType<typeof createCloudTenant>>;
type Sent = { to: string; type: string; text?: { body: string }; template?: Record<string, unknown> };

/** The sends Meta accepted for numbers starting with `prefix`, oldest first. */
const sentTo = (meta: MetaTestApp, prefix: string) =>
  meta.fake
    .accepted()
    .map((c) => c.body as Sent)
    .filter((s) => s.to.startsWith(prefix));

const ticketUpdate = { name: 'ticket_update', language: 'pt_BR' };

describe('campaign templates on the Cloud API', () => {
  let meta: MetaTestApp;
  beforeAll(async () => {
    meta = await createMetaTestApp();
  });
  afterAll(() => meta.close());

  const post = (tenant: CloudTenant, body: object) =>
    call(meta.app, 'POST', '/campaigns', {
      token: tenant.admin.token,
      body: { name: 'Reativação', message1: 'Olá {nome}', connectionIds: [tenant.connection.id], ...body },
    });

  /** A campaign saved through the API, then due now: the dispatcher's next sweep starts it. */
  async function startNow(tenant: CloudTenant, body: object) {
    const created = await post(tenant, body);
    expect(created.status).toBe(201);
    await meta.app.deps.db
      .update(campaigns)
      .set({ status: 'PROGRAMADA', scheduledAt: new Date(meta.app.deps.now().getTime() - 1000) })
      .where(eq(campaigns.id, created.body.id));
    await meta.app.deps.jobs.send('campaigns.sweep', {});
    return created.body as Campaign;
  }

  const finished = (tenant: CloudTenant, id: number) =>
    waitFor(
      async () =>
        (await call(meta.app, 'GET', `/campaigns/${id}/report`, { token: tenant.admin.token })).body,
      (report) => report.campaign?.status === 'FINALIZADA',
    );

  test('the picker lists the approved templates every Cloud API connection has; another company’s connection is not found', async () => {
    const tenant = await createCloudTenant(meta);
    const webchat = await createWebchatConnection(meta.app, tenant.companyId);
    const other = await createCloudTenant(meta);
    const list = (ids: string, token = tenant.admin.token) =>
      call(meta.app, 'GET', `/campaigns/templates?connectionIds=${ids}`, { token });

    const both = await list(`${tenant.connection.id},${webchat.id}`);
    const foreign = await list(`${tenant.connection.id},${other.connection.id}`);
    const none = await list(`${webchat.id}`);
    const garbage = await list('1,x');

    expect(both.status).toBe(200);
    expect(both.body.templates.map((t: { name: string }) => t.name)).toEqual([
      'ticket_update',
      'boas_vindas',
      'pedido_pronto',
      'promo_imagem',
    ]);
    expect(foreign).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(none.body).toEqual({ templates: [] });
    expect(garbage).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  test('a template is saved only when approved, with one value per variable, on a Cloud API connection; the GET answer is accepted by PUT', async () => {
    const tenant = await createCloudTenant(meta);
    const webchat = await createWebchatConnection(meta.app, tenant.companyId);
    const template = { ...ticketUpdate, parameters: ['{nome}', '{numero}'], buttons: [] };

    const unknown = await post(tenant, { template: { ...template, name: 'nao_existe' } });
    const pending = await post(tenant, { template: { ...template, name: 'em_revisao', parameters: [] } });
    const short = await post(tenant, { template: { ...template, parameters: ['{nome}'] } });
    const headerMissing = await post(tenant, {
      template: { name: 'pedido_pronto', language: 'pt_BR', parameters: ['{nome}', '1'], buttons: ['1'] },
    });
    const noCloud = await post(tenant, { template, connectionIds: [webchat.id] });
    const savedBefore = await meta.app.deps.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.companyId, tenant.companyId));
    const saved = await post(tenant, { template });
    const shown = await call(meta.app, 'GET', `/campaigns/${saved.body.id}`, { token: tenant.admin.token });
    const { id: _id, ...answer } = shown.body;
    const resent = await call(meta.app, 'PUT', `/campaigns/${saved.body.id}`, {
      token: tenant.admin.token,
      body: answer,
    });
    const movedAway = await call(meta.app, 'PUT', `/campaigns/${saved.body.id}`, {
      token: tenant.admin.token,
      body: { connectionIds: [webchat.id] },
    });
    const removed = await call(meta.app, 'PUT', `/campaigns/${saved.body.id}`, {
      token: tenant.admin.token,
      body: { template: null, connectionIds: [webchat.id] },
    });

    expect(unknown).toMatchObject({ status: 404, body: { error: 'ERR_TEMPLATE_NOT_FOUND' } });
    expect(pending).toMatchObject({ status: 404, body: { error: 'ERR_TEMPLATE_NOT_FOUND' } });
    expect(short).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_PARAMS' } });
    expect(headerMissing).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_PARAMS' } });
    expect(noCloud).toMatchObject({ status: 400, body: { error: 'ERR_CAMPAIGN_TEMPLATE_CHANNEL' } });
    expect(savedBefore).toEqual([]);
    expect(saved.status).toBe(201);
    expect(shown.body.template).toEqual(template);
    expect(resent.status).toBe(200);
    expect(resent.body.template).toEqual(template);
    expect(movedAway).toMatchObject({ status: 400, body: { error: 'ERR_CAMPAIGN_TEMPLATE_CHANNEL' } });
    expect(removed.status).toBe(200);
    expect(removed.body.template).toBeNull();
  });

  test('outside the window the template goes out, filled per recipient, and the fake accepts it; without one the campaign fails as Meta refuses free text', async () => {
    const { app } = meta;
    fakeClock(app);
    const tenant = await createCloudTenant(meta);
    const audience = { companyId: tenant.companyId, connectionId: tenant.connection.id };
    await setPacing(app, tenant.companyId, {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
    });
    await app.deps.db
      .insert(campaignSettings)
      .values({ companyId: tenant.companyId, key: 'variables', value: [{ key: 'loja', value: 'Centro' }] });
    // Nobody on these lists ever wrote: Meta takes only a template from the business.
    const withTemplate = await seedAudience(app, audience, 2, '5561900', { windowOpen: false });
    await app.deps.db.insert(contactListItems).values({
      companyId: tenant.companyId,
      contactListId: withTemplate,
      name: 'Sem Email',
      number: '5561911111111',
    });
    const withoutTemplate = await seedAudience(app, audience, 2, '5562900', { windowOpen: false });
    for (const number of ['5561900000001', '5561900000002', '5562900000001', '5562900000002'])
      meta.fake.closeWindow(number);

    const templated = await startNow(tenant, {
      contactListId: withTemplate,
      template: { ...ticketUpdate, parameters: ['{nome} ({loja})', '{email}'], buttons: [] },
    });
    const plain = await startNow(tenant, { contactListId: withoutTemplate });
    const templatedReport = await finished(tenant, templated.id);
    const plainReport = await finished(tenant, plain.id);
    const reasons = await app.deps.db
      .select({ number: campaignShippings.number, reason: campaignShippings.error })
      .from(campaignShippings)
      .where(eq(campaignShippings.companyId, tenant.companyId));

    expect(sentTo(meta, '5561').sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      expect.objectContaining({
        to: '5561900000001',
        type: 'template',
        template: {
          name: 'ticket_update',
          language: { code: 'pt_BR' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Cliente 1 (Centro)' },
                { type: 'text', text: 'c1@x.test' },
              ],
            },
          ],
        },
      }),
      expect.objectContaining({ to: '5561900000002', type: 'template' }),
    ]);
    expect(sentTo(meta, '5562')).toEqual([]);
    expect(templatedReport).toMatchObject({ validContacts: 3, delivered: 2, failed: 1 });
    expect(plainReport).toMatchObject({ validContacts: 2, delivered: 0, failed: 2 });
    expect(reasons.filter((r) => r.reason).sort((a, b) => a.number.localeCompare(b.number))).toEqual([
      { number: '5561911111111', reason: 'ERR_TEMPLATE_PARAMS' },
      { number: '5562900000001', reason: 'ERR_OUTSIDE_WINDOW' },
      { number: '5562900000002', reason: 'ERR_OUTSIDE_WINDOW' },
    ]);
  });

  test('a confirmation campaign asks with the template, and after a yes sends its message as text', async () => {
    const { app } = meta;
    fakeClock(app);
    const tenant = await createCloudTenant(meta);
    const audience = { companyId: tenant.companyId, connectionId: tenant.connection.id };
    await setPacing(app, tenant.companyId, {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
    });
    const listId = await seedAudience(app, audience, 1, '5563900', { windowOpen: false });

    const campaign = await startNow(tenant, {
      contactListId: listId,
      confirmation: true,
      confirmationMessage1: 'Quer a oferta, {nome}?',
      message1: 'A oferta, {nome}',
      template: { ...ticketUpdate, parameters: ['{nome}', 'oferta'], buttons: [] },
    });
    await waitFor(
      () => Promise.resolve(sentTo(meta, '5563900')),
      (sends) => sends.length === 1,
    );
    const reply = cloudMessage('5563900000001', cloudText('Sim'), { phoneNumberId: tenant.phoneNumberId });
    expect((await meta.webhook(reply.payload)).status).toBe(200);
    const report = await finished(tenant, campaign.id);

    expect(sentTo(meta, '5563900').map((s) => [s.type, s.text?.body])).toEqual([
      ['template', undefined],
      ['text', 'A oferta, Cliente 1'],
    ]);
    expect(report).toMatchObject({ confirmationRequested: 1, confirmationReceived: 1, delivered: 1 });
  });
});
