import '../../shared/i18n/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { Toaster } from '../../shared/toast/toaster';
import { buildSessionUser, buildTicket } from '../../test/fixtures';
import { TicketHeader } from './ticket-header';

const carla = buildTicket({ id: 12, status: 'open', contact: { ...buildTicket().contact, name: 'Carla' } });
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderHeader(ticket = carla, user = buildSessionUser()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={user}>
        <MemoryRouter>
          <TicketHeader ticket={ticket} onAccepted={() => undefined} />
        </MemoryRouter>
        <Toaster />
      </SessionUserProvider>
    </QueryClientProvider>,
  );
}

const sentStatuses = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).status);

beforeEach(async () => {
  await applyLanguage('en');
  fetchMock = vi.fn<typeof fetch>(async (_input, init) =>
    Response.json({ ...carla, status: JSON.parse(String(init?.body)).status }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('offers a voice call only for a WhatsApp contact whose connection has a wavoip token', () => {
  renderHeader({
    ...carla,
    channel: 'whatsapp',
    whatsapp: { id: 1, name: 'Vendas', channel: 'whatsapp', wavoip: true },
  });
  const offered = screen.queryByRole('button', { name: 'Call the contact' });
  cleanup();
  renderHeader(carla);

  expect(offered).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Call the contact' })).toBeNull();
});

test('a ticket waiting for its rating says so and offers no status change', () => {
  renderHeader({ ...carla, status: 'nps' });

  expect(screen.getByText('Awaiting rating')).toBeTruthy();
  for (const name of ['Close', 'Return', 'Reopen', 'Accept'])
    expect(screen.queryByRole('button', { name })).toBeNull();
});

describe('closing a ticket', () => {
  test('asks first, so a double click on Accept cannot close it', async () => {
    renderHeader();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(await screen.findByText('Close ticket #12?')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(sentStatuses()).toEqual(['closed']));
  });
});

describe('accepting a ticket without a queue', () => {
  const waiting = { ...carla, status: 'pending' as const, queueId: null, queue: null };
  const sales = { id: 3, name: 'Vendas', color: '#f00' };
  const support = { id: 4, name: 'Suporte', color: '#00f' };
  const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));

  test("takes the user's only queue at once", async () => {
    renderHeader(waiting, buildSessionUser({ queues: [sales] }));

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(sentBodies()).toEqual([{ status: 'open', queueId: 3 }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('asks which one when the user has several', async () => {
    renderHeader(waiting, buildSessionUser({ queues: [sales, support] }));

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a queue for ticket #12' });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Suporte' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(sentBodies()).toEqual([{ status: 'open', queueId: 4 }]));
  });
});

describe('reopening a ticket whose contact has another active one', () => {
  const refuse = (details?: object) =>
    fetchMock.mockResolvedValueOnce(
      Response.json({ error: 'ERR_OTHER_OPEN_TICKET', message: 'open', details }, { status: 409 }),
    );

  test('names the ticket in the way and the agent who holds it', async () => {
    refuse({ ticketId: 40, uuid: 'u-40', userId: 3, userName: 'Bruno', queueId: 2, queueName: 'Vendas' });
    renderHeader({ ...carla, status: 'closed' });

    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));

    expect(
      await screen.findByText(
        'Carla already has ticket #40 open with Bruno. Close it before opening this one.',
      ),
    ).toBeTruthy();
  });

  test('still explains the refusal when the server sends no details', async () => {
    refuse();
    renderHeader({ ...carla, status: 'closed' });

    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));

    expect(await screen.findByText(/Carla already has another active ticket/)).toBeTruthy();
  });
});

test('accepting a ticket another agent took first says who took it', async () => {
  fetchMock.mockResolvedValueOnce(
    Response.json(
      {
        error: 'ERROR_TICKET_OPEN',
        message: 'taken',
        details: { ticketId: 12, uuid: 'u-12', userId: 3, userName: 'Bruno', queueId: null, queueName: null },
      },
      { status: 409 },
    ),
  );
  renderHeader({ ...carla, status: 'pending' });

  fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

  expect(await screen.findByText('Ticket #12 was already accepted by Bruno.')).toBeTruthy();
});

describe('scheduling a message from the chat', () => {
  test("opens the schedule form for the ticket's contact and saves it for that contact", async () => {
    renderHeader();
    fetchMock.mockResolvedValueOnce(
      Response.json({
        id: 3,
        body: 'Lembrete da consulta',
        sendAt: new Date().toISOString(),
        sentAt: null,
        status: 'PENDENTE',
        error: null,
        contactId: carla.contactId,
        contact: { id: carla.contactId, name: 'Carla' },
        userId: 1,
        connectionId: null,
        ticketId: null,
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Schedule a message' }));
    expect((screen.getByRole('combobox', { name: 'Contact' }) as HTMLInputElement).value).toBe('Carla');
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Lembrete da consulta' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/schedules');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      contactId: carla.contactId,
      body: 'Lembrete da consulta',
    });
  });
});
