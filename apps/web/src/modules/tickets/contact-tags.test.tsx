import '../../shared/i18n/i18n';
import { EventEmitter } from 'node:events';
import { events } from '@balcao/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { SocketContext } from '../../shared/socket/socket';
import { Toaster } from '../../shared/toast/toaster';
import { buildContact, buildSessionUser } from '../../test/fixtures';
import { ContactTags } from './contact-tags';

const vip = { id: 1, name: 'VIP', color: '#ff0000', kanban: 0 };
const urgent = { id: 9, name: 'Urgente', color: '#00ff00' };

let socket: EventEmitter;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
/** What POST /tags answers; the other calls answer what the server would for contact 5. */
let createAnswer: () => Response;

function renderField() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      {/* An attendant: the user profile, which may create tags like every profile. */}
      <SessionUserProvider user={buildSessionUser({ profile: 'user' })}>
        <SocketContext.Provider value={socket as unknown as Socket}>
          <ContactTags contactId={5} />
        </SocketContext.Provider>
        <Toaster />
      </SessionUserProvider>
    </QueryClientProvider>,
  );
}

const callsTo = (path: string, method: string) =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) => new URL(String(url), 'http://x').pathname.endsWith(path) && init?.method === method,
    )
    .map(([, init]) => JSON.parse(String(init?.body)));

async function type(text: string) {
  const input = screen.getByRole('combobox', { name: 'Contact tags' });
  await waitFor(() => expect(input.hasAttribute('disabled')).toBe(false));
  fireEvent.change(input, { target: { value: text } });
}

beforeEach(async () => {
  await applyLanguage('en');
  socket = new EventEmitter();
  createAnswer = () =>
    Response.json({ ...urgent, kanban: 0, userId: 3, contactsCount: 0, ticketsCount: 0 }, { status: 201 });
  fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    const path = new URL(String(url), 'http://x').pathname;
    if (path.endsWith('/tags/list')) return Response.json([vip]);
    if (path.endsWith('/contactTags/5')) return Response.json({ tags: [vip] });
    if (path.endsWith('/tags/sync')) {
      const ids: number[] = JSON.parse(String(init?.body)).tags.map((tag: { id: number }) => tag.id);
      return Response.json({ tags: [vip, urgent].filter((tag) => ids.includes(tag.id)) });
    }
    if (path.endsWith('/tags') && init?.method === 'POST') return createAnswer();
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('creating a tag from the chat', () => {
  test('a name under 3 characters says "Tag too short!" and sends nothing', async () => {
    renderField();
    await type('ab');

    fireEvent.click(await screen.findByRole('option', { name: 'Create “ab”' }));

    expect(await screen.findByText('Tag too short!')).toBeTruthy();
    expect(callsTo('/tags', 'POST')).toEqual([]);
    expect(callsTo('/tags/sync', 'POST')).toEqual([]);
  });

  test("an attendant creates a new name and it joins the contact's tags", async () => {
    renderField();
    await type('Urgente ');

    fireEvent.click(await screen.findByRole('option', { name: 'Create “Urgente”' }));

    await waitFor(() =>
      expect(callsTo('/tags/sync', 'POST')).toEqual([{ contactId: 5, tags: [{ id: 1 }, { id: 9 }] }]),
    );
    expect(callsTo('/tags', 'POST')).toEqual([{ name: 'Urgente' }]);
    expect(await screen.findByRole('button', { name: 'Urgente' })).toBeTruthy();
  });

  test('a name the company already has, in any case, is picked rather than offered for creation', async () => {
    renderField();
    await type('vip');

    expect(await screen.findByRole('option', { name: 'VIP' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Create/ })).toBeNull();
  });

  test("the server's duplicate-name refusal shows under the field and nothing is synced", async () => {
    createAnswer = () =>
      Response.json(
        { error: 'ERR_TAG_ALREADY_EXISTS', message: 'Tag name already in use', fields: { name: 'tagTaken' } },
        { status: 409 },
      );
    renderField();
    await type('Urgente');

    fireEvent.click(await screen.findByRole('option', { name: 'Create “Urgente”' }));

    expect(await screen.findByText('A tag with this name already exists.')).toBeTruthy();
    expect(callsTo('/tags/sync', 'POST')).toEqual([]);
  });
});

test("the contact's tags follow a sync made elsewhere without a reload", async () => {
  renderField();
  expect(await screen.findByRole('button', { name: 'VIP' })).toBeTruthy();
  const contact = buildContact({ name: 'Carla', tags: [urgent] });

  act(() => {
    socket.emit(events.contact(1), { action: 'update', contact: { ...contact, id: 6, tags: [] } });
    socket.emit(events.contact(1), { action: 'update', contact });
  });

  expect(await screen.findByRole('button', { name: 'Urgente' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'VIP' })).toBeNull();
});
