import { CALLS_NAMESPACE, type CallAnswer, type CallStatus, callEvents } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createFakeWavoip } from '../../../test/fake-wavoip.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { connections, contacts } from '../../db/schema/index.js';
import { FLOOD_MAX_EVENTS } from '../../platform/realtime/flood.js';

const WAVOIP_TOKEN = 'device-token-0f4c2a9e';
const greeting = Buffer.from(Int16Array.from([0, 1200, -1200, 32767, -32768]).buffer);
const wavoip = await createFakeWavoip(WAVOIP_TOKEN, greeting);
const app = await createTestApp({ env: { WAVOIP_URL: wavoip.url } });
const live = await listenForSockets(app);
afterAll(async () => {
  await live.close();
  await wavoip.close();
});

/** An open WhatsApp ticket whose connection has a wavoip token (sealed, as the API stores it). */
async function callableTicket(companyId: number, token = WAVOIP_TOKEN, overrides = {}) {
  const ticket = await createTicket(app, companyId, { status: 'open', ...overrides });
  await app.deps.db
    .update(connections)
    .set({ channel: 'whatsapp', wavoip: app.deps.secrets.seal(token) })
    .where(eq(connections.id, ticket.connectionId ?? 0));
  const [contact] = await app.deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
  return { ticket, number: contact?.number };
}

/** A browser's call socket, keeping everything the server ever sent it. */
async function callSocket(token: string) {
  const socket = await live.connect({ token }, CALLS_NAMESPACE);
  const received: unknown[] = [];
  socket.onAny((_event, ...payload) => received.push(...payload));
  const ask = async (event: string, payload: unknown = {}) => {
    const answer = (await socket.emitWithAck(event, payload)) as CallAnswer;
    received.push(answer);
    return answer;
  };
  return { socket, received, ask };
}

async function until(check: () => boolean) {
  expect(await waitFor(async () => check(), Boolean, 5000)).toBe(true);
}

const everything = (received: unknown[]) =>
  received.map((item) => (Buffer.isBuffer(item) ? item.toString('latin1') : JSON.stringify(item))).join();

test('an attendant who may open the ticket calls its contact: audio flows both ways, mute and hang-up reach Wavoip, and the token never reaches the browser', async () => {
  const tenant = await createTenant(app);
  const { ticket, number } = await callableTicket(tenant.companyId);
  const browser = await callSocket(tenant.admin.token);
  const audio = collect<Buffer>(browser.socket, callEvents.audio);
  const statuses = collect<CallStatus>(browser.socket, callEvents.status);
  const microphone = Buffer.from(Int16Array.from([5, -5, 400]).buffer);

  const started = await browser.ask(callEvents.start, { ticketId: ticket.id });
  await until(() => audio.length > 0);
  browser.socket.emit(callEvents.microphone, microphone);
  await until(() => wavoip.microphone.length > 0);
  const muted = await browser.ask(callEvents.mute);
  const whileMuted = Buffer.from(Int16Array.from([7, 7, 7]).buffer);
  browser.socket.emit(callEvents.microphone, whileMuted);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const ended = await browser.ask(callEvents.end);
  await until(() => statuses.some((s) => s.state === 'ended'));
  const seenOverHttp = [
    await call(app, 'GET', `/tickets/${ticket.id}`, { token: tenant.admin.token }),
    await call(app, 'GET', '/whatsapp', { token: tenant.admin.token }),
    await call(app, 'GET', `/whatsapp/${ticket.connectionId}`, { token: tenant.admin.token }),
  ].map((answer) => answer.body);

  expect(started).toEqual({ ok: true });
  expect(wavoip.dialed).toContain(number);
  expect(audio[0]?.equals(greeting)).toBe(true);
  expect(wavoip.microphone.some((frame) => frame.equals(microphone))).toBe(true);
  expect(muted).toEqual({ ok: true });
  expect(wavoip.microphone.some((frame) => frame.equals(whileMuted))).toBe(false);
  expect(ended).toEqual({ ok: true });
  expect(wavoip.controls).toEqual(expect.arrayContaining(['mute', 'end']));
  expect(statuses.map((s) => [s.state, s.muted])).toEqual([
    ['connected', false],
    ['connected', true],
    ['ended', true],
  ]);
  expect(seenOverHttp[0]).toMatchObject({ whatsapp: { wavoip: true } });
  expect(everything([...browser.received, ...seenOverHttp])).not.toContain(WAVOIP_TOKEN);
  await until(() => wavoip.devices() === 0);
});

test('a call’s audio rate (25 frames a second) stays within the calls namespace’s flood budget', async () => {
  const tenant = await createTenant(app);
  const { ticket } = await callableTicket(tenant.companyId);
  const browser = await callSocket(tenant.admin.token);
  await browser.ask(callEvents.start, { ticketId: ticket.id });

  // Ten seconds of audio at once, far past the main socket's FLOOD_MAX_EVENTS. Frames are relayed as
  // volatile (late audio is worthless), so a burst may lose some; the socket must stay and the call go on.
  for (let i = 0; i < 250; i++) browser.socket.emit(callEvents.microphone, Buffer.alloc(1280, i % 200));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const after = Buffer.alloc(1280, 255);
  browser.socket.emit(callEvents.microphone, after);

  await until(() => wavoip.microphone.some((frame) => frame.equals(after)));
  expect(browser.socket.connected).toBe(true);
  expect(FLOOD_MAX_EVENTS).toBeLessThan(250);
  await browser.ask(callEvents.end);
});

test('a user who cannot open the ticket cannot call it, nor can another company; Wavoip is never reached', async () => {
  const tenant = await createTenant(app);
  const other = await createTenant(app);
  // Assigned to the admin and in no queue: a plain attendant does not see it.
  const { ticket } = await callableTicket(tenant.companyId, WAVOIP_TOKEN, { userId: tenant.admin.id });
  const attendant = await createUser(app, tenant.companyId, { profile: 'user' });
  const dialedBefore = wavoip.dialed.length;

  const answers = [
    await (await callSocket(attendant.token)).ask(callEvents.start, { ticketId: ticket.id }),
    await (await callSocket(other.admin.token)).ask(callEvents.start, { ticketId: ticket.id }),
  ];

  expect(answers).toEqual([
    { ok: false, error: 'ERR_NO_TICKET_FOUND' },
    { ok: false, error: 'ERR_NO_TICKET_FOUND' },
  ]);
  expect(wavoip.dialed.length).toBe(dialedBefore);
});

test('a connection without a wavoip token cannot call, and a token Wavoip does not know is a channel sign-in error', async () => {
  const tenant = await createTenant(app);
  const { ticket: withoutToken } = await callableTicket(tenant.companyId, '');
  const { ticket: unknownToken } = await callableTicket(tenant.companyId, 'not-a-device-token');
  const browser = await callSocket(tenant.admin.token);

  const answers = [
    await browser.ask(callEvents.start, { ticketId: withoutToken.id }),
    await browser.ask(callEvents.start, { ticketId: unknownToken.id }),
  ];

  expect(answers).toEqual([
    { ok: false, error: 'ERR_WAPP_NOT_INITIALIZED' },
    { ok: false, error: 'ERR_CHANNEL_AUTH' },
  ]);
});

test('closing the page hangs up the call', async () => {
  const tenant = await createTenant(app);
  const { ticket } = await callableTicket(tenant.companyId);
  const browser = await callSocket(tenant.admin.token);
  await browser.ask(callEvents.start, { ticketId: ticket.id });
  const endsBefore = wavoip.controls.filter((c) => c === 'end').length;

  browser.socket.disconnect();

  await until(() => wavoip.controls.filter((c) => c === 'end').length > endsBefore);
  await until(() => wavoip.devices() === 0);
});

test('ending the user’s sessions (sign-out, deactivation) closes their call sockets too, which hangs up', async () => {
  const tenant = await createTenant(app);
  const { ticket } = await callableTicket(tenant.companyId);
  const browser = await callSocket(tenant.admin.token);
  await browser.ask(callEvents.start, { ticketId: ticket.id });

  await app.deps.realtime.disconnectUser(tenant.admin.id);

  await until(() => browser.socket.disconnected);
  await until(() => wavoip.devices() === 0);
});

test('a call Wavoip refuses is answered as the recipient being unavailable, and leaves no connection open', async () => {
  const tenant = await createTenant(app);
  const { ticket } = await callableTicket(tenant.companyId);
  const browser = await callSocket(tenant.admin.token);
  wavoip.refuseCalls();

  const answer = await browser.ask(callEvents.start, { ticketId: ticket.id });

  expect(answer).toEqual({ ok: false, error: 'ERR_RECIPIENT_UNAVAILABLE' });
  await until(() => wavoip.devices() === 0);
});
