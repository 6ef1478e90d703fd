import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, expect, onTestFinished, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { startFakeSmtp } from '../../../test/fake-smtp.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';

const smtp = await startFakeSmtp();
const app = await createTestApp({
  env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'Balcão <recovery@balcao.test>' },
});
/** An address per request: the per-address limit is another test's subject. */
const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

afterAll(async () => {
  await app.close();
  await smtp.close();
});

test('with SMTP configured, the code goes by e-mail in the user language, and proves the address', async () => {
  const tenant = await createTenant(app);
  const email = `forgot-${randomUUID().slice(0, 8)}@test.local`;
  await createUser(app, tenant.companyId, { email, language: 'es' });

  const asked = await app.inject({
    method: 'POST',
    url: '/api/enviar-email',
    remoteAddress: newAddress(),
    payload: { email: email.toUpperCase() },
  });
  expect(asked.statusCode).toBe(200);
  const mails = await waitFor(
    async () => smtp.mails.filter((m) => m.to.includes(email)),
    (list) => list.length > 0,
    10_000,
  );
  expect(mails[0]).toMatchObject({ from: 'recovery@balcao.test', subject: 'Código de verificación' });
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1] ?? '';
  expect(mails[0]?.text).toContain(`Su código de verificación es: ${code}`);

  const checked = await app.inject({
    method: 'POST',
    url: `/api/verificar-code/${encodeURIComponent(email)}`,
    remoteAddress: newAddress(),
    payload: { code },
  });
  expect(checked.statusCode).toBe(200);
  expect(checked.json()).toEqual({ token: expect.any(String) });
});

test('an unknown address gets the same answer and no e-mail', async () => {
  const unknown = `nobody-${randomUUID().slice(0, 8)}@test.local`;
  const asked = await app.inject({
    method: 'POST',
    url: '/api/enviar-email',
    remoteAddress: newAddress(),
    payload: { email: unknown },
  });
  expect({ status: asked.statusCode, body: asked.json() }).toEqual({ status: 200, body: {} });
  // The job has run when a known address asked after it got its mail.
  const tenant = await createTenant(app);
  const known = `later-${randomUUID().slice(0, 8)}@test.local`;
  await createUser(app, tenant.companyId, { email: known });
  await app.inject({
    method: 'POST',
    url: '/api/enviar-email',
    remoteAddress: newAddress(),
    payload: { email: known },
  });
  await waitFor(
    async () => smtp.mails.filter((m) => m.to.includes(known)),
    (list) => list.length > 0,
    10_000,
  );
  expect(smtp.mails.filter((m) => m.to.includes(unknown))).toEqual([]);
});

test('without SMTP the page is told e-mail is not offered, and the call is refused', async () => {
  // Made last, once the jobs above are done: its worker, with no SMTP, must not take theirs.
  const withoutSmtp = await createTestApp();
  onTestFinished(() => withoutSmtp.close());
  const settings = await withoutSmtp.inject({ method: 'GET', url: '/public-settings' });
  expect(settings.json()).toMatchObject({ recoveryByEmail: false });
  expect((await app.inject({ method: 'GET', url: '/public-settings' })).json()).toMatchObject({
    recoveryByEmail: true,
  });
  const asked = await withoutSmtp.inject({
    method: 'POST',
    url: '/api/enviar-email',
    payload: { email: 'someone@test.local' },
  });
  expect(asked.json()).toMatchObject({ error: 'ERR_RECOVERY_EMAIL_DISABLED' });
});
