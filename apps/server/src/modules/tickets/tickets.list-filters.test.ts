import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

const idsOf = (body: { tickets: { id: number }[] }) => body.tickets.map((t) => t.id).sort((a, b) => a - b);
const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);
const at = (iso: string) => new Date(iso);

test('contactId lists the tickets of that contact, in every status', async () => {
  const tenant = await createTenant(app);
  const token = tenant.admin.token;
  const current = await createTicket(app, tenant.companyId);
  const earlier = await createTicket(app, tenant.companyId, {
    contactId: current.contactId,
    status: 'closed',
  });
  await createTicket(app, tenant.companyId);
  const elsewhere = await createTenant(app);
  const foreign = await createTicket(app, elsewhere.companyId);

  const mine = await call(app, 'GET', `/tickets?contactId=${current.contactId}`, { token });
  const pendingOnly = await call(app, 'GET', `/tickets?contactId=${current.contactId}&status=pending`, {
    token,
  });
  const theirs = await call(app, 'GET', `/tickets?contactId=${foreign.contactId}`, { token });

  expect(idsOf(mine.body)).toEqual(sorted(current.id, earlier.id));
  expect(idsOf(pendingOnly.body)).toEqual([current.id]);
  expect(theirs.body.tickets).toEqual([]);
});

test("date is the day a ticket was created, updatedAt the day it last changed, in the company's time zone", async () => {
  // São Paulo is three hours behind UTC: 02:00 UTC on the 10th is still the 9th there.
  const tenant = await createTenant(app, { timezone: 'America/Sao_Paulo' });
  const token = tenant.admin.token;
  const ticketAt = (createdAt: string, updatedAt: string) =>
    createTicket(app, tenant.companyId, { createdAt: at(createdAt), updatedAt: at(updatedAt) });
  const eveBefore = await ticketAt('2025-03-10T02:00:00Z', '2025-03-12T15:00:00Z');
  const morning = await ticketAt('2025-03-10T12:00:00Z', '2025-03-11T02:30:00Z');
  const lateNight = await ticketAt('2025-03-11T02:30:00Z', '2025-03-11T12:00:00Z');

  const created = await call(app, 'GET', '/tickets?date=2025-03-10', { token });
  const changed = await call(app, 'GET', '/tickets?updatedAt=2025-03-10', { token });
  const both = await call(app, 'GET', '/tickets?date=2025-03-10&updatedAt=2025-03-11', { token });
  const asInstant = await call(app, 'GET', `/tickets?date=${encodeURIComponent('2025-03-10T01:00:00Z')}`, {
    token,
  });

  expect(idsOf(created.body)).toEqual(sorted(morning.id, lateNight.id));
  expect(idsOf(changed.body)).toEqual([morning.id]);
  expect(idsOf(both.body)).toEqual([lateNight.id]);
  // An instant names the company's day it falls on: 01:00 UTC on the 10th is the 9th in São Paulo.
  expect(idsOf(asInstant.body)).toEqual([eveBefore.id]);
});

test("the day follows the company's own time zone", async () => {
  const tenant = await createTenant(app, { timezone: 'Asia/Tokyo' });
  // 16:00 UTC on the 9th is already 01:00 on the 10th in Tokyo, and 16:00 UTC on the 10th the 11th.
  const ticket = await createTicket(app, tenant.companyId, { createdAt: at('2025-03-09T16:00:00Z') });
  await createTicket(app, tenant.companyId, { createdAt: at('2025-03-10T16:00:00Z') });

  const { body } = await call(app, 'GET', '/tickets?date=2025-03-10', { token: tenant.admin.token });

  expect(idsOf(body)).toEqual([ticket.id]);
});

test('a malformed contactId, date or updatedAt is a validation error', async () => {
  const tenant = await createTenant(app);
  const token = tenant.admin.token;

  for (const query of ['contactId=abc', 'date=10/03/2025', 'updatedAt=2025-02-30', 'date=2025-3-1']) {
    const { status, body } = await call(app, 'GET', `/tickets?${query}`, { token });
    expect(status, query).toBe(400);
    expect(body.error, query).toBe('ERR_VALIDATION');
  }
});
