import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { getToken } from '../../shared/session/session.store';
import { SessionUserProvider } from '../../shared/session/session-user';
import { Toaster } from '../../shared/toast/toaster';
import { buildSessionUser } from '../../test/fixtures';
import { ExternalApiPage } from './external-api.page';

type Answer = { status: number; body: unknown };
const calls: { path: string; init: RequestInit }[] = [];
let answer: Answer;
const sent = { contactId: 1, ticketId: 2, ticketUuid: 'b1c2', messageIds: [3] };

beforeAll(() => applyLanguage('en'));

beforeEach(() => {
  calls.length = 0;
  answer = { status: 200, body: sent };
  localStorage.setItem('token', 'session-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      calls.push({ path, init });
      return Response.json(answer.body, { status: answer.status });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

function renderPage() {
  const user = buildSessionUser({ profile: 'admin' });
  const router = createMemoryRouter(
    [
      { path: '/messages-api', element: <ExternalApiPage /> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: ['/messages-api'] },
  );
  render(
    <SessionUserProvider user={user}>
      <RouterProvider router={router} />
      <Toaster />
    </SessionUserProvider>,
  );
}

const form = (name: string) => screen.getByRole('form', { name });
const type = (scope: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('the messages API page', () => {
  test("the examples call this server's own address", () => {
    renderPage();

    const examples = screen.getAllByText(
      new RegExp(`curl -X POST ${window.location.origin}/api/messages/send`),
    );
    expect(examples).toHaveLength(2);
    expect(examples[0]?.textContent).toContain('Authorization: Bearer YOUR_TOKEN');
  });

  test('the text test requires token, number and body, and sends with the connection token', async () => {
    renderPage();
    const text = form('Test a text message');

    fireEvent.click(within(text).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(text).getAllByText('Required')).toHaveLength(3));
    expect(calls).toHaveLength(0);

    type(text, /^Connection token/, 'CONNTOKEN');
    type(text, /^Number/, '5511987654321');
    type(text, /^Message/, 'Olá');
    fireEvent.click(within(text).getByRole('button', { name: 'Send' }));

    expect(await within(text).findByText('Message sent successfully')).toBeTruthy();
    expect(calls[0]?.path).toBe('/api/messages/send');
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer CONNTOKEN');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ number: '5511987654321', body: 'Olá' });
  });

  test('a refused token is shown in its form and leaves the session as it was', async () => {
    answer = { status: 401, body: { error: 'ERR_INVALID_API_TOKEN', message: 'no' } };
    renderPage();
    const text = form('Test a text message');

    type(text, /^Connection token/, 'WRONG');
    type(text, /^Number/, '5511987654321');
    type(text, /^Message/, 'Olá');
    fireEvent.click(within(text).getByRole('button', { name: 'Send' }));

    expect(await within(text).findByText(/use the connection token/)).toBeTruthy();
    expect(getToken()).toBe('session-token');
  });

  test('the server naming the number marks the number field', async () => {
    answer = {
      status: 400,
      body: { error: 'ERR_VALIDATION', message: 'no', fields: { number: 'invalidPhone' } },
    };
    renderPage();
    const text = form('Test a text message');

    type(text, /^Connection token/, 'CONNTOKEN');
    type(text, /^Number/, '12');
    type(text, /^Message/, 'Olá');
    fireEvent.click(within(text).getByRole('button', { name: 'Send' }));

    expect(await within(text).findByText('The phone must have 11 digits.')).toBeTruthy();
  });

  test('the media test requires a file, then sends it as medias', async () => {
    renderPage();
    const media = form('Test a media message');
    type(media, /^Connection token/, 'CONNTOKEN');
    type(media, /^Number/, '5511987654321');

    fireEvent.click(within(media).getByRole('button', { name: 'Send' }));
    expect(await within(media).findByText('Required')).toBeTruthy();
    expect(calls).toHaveLength(0);

    const file = new File(['%PDF-1.4'], 'boleto.pdf', { type: 'application/pdf' });
    fireEvent.change(media.querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [file] },
    });
    fireEvent.click(within(media).getByRole('button', { name: 'Send' }));

    expect(await within(media).findByText('Message sent successfully')).toBeTruthy();
    const body = calls[0]?.init.body as FormData;
    expect(body.get('number')).toBe('5511987654321');
    expect((body.get('medias') as File).name).toBe('boleto.pdf');
  });
});
