import '../../shared/i18n/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { RecoveryPasswordPage } from './recovery.page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/recovery-password', element: <RecoveryPasswordPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/recovery-password'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** Answers the page's calls by path; `/public-settings` says whether e-mail is offered. */
function serve(answers: { recoveryByEmail: boolean; [path: string]: unknown }) {
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = String(input);
    if (path.startsWith('/public-settings'))
      return json(200, {
        signupEnabled: true,
        facebook: { appId: '', sdkUrl: 'https://sdk.test/sdk.js', version: 'v21.0' },
        recoveryByEmail: answers.recoveryByEmail,
      });
    const answer = answers[path] as { status: number; body: unknown } | undefined;
    return answer ? json(answer.status, answer.body) : json(404, { error: 'ERR_NOT_FOUND', message: '' });
  });
  vi.stubGlobal('fetch', fetchMock);
}

beforeEach(async () => {
  await applyLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the password recovery page', () => {
  test('a refused request shows why in the form, and the page stays on the number', async () => {
    serve({
      recoveryByEmail: false,
      '/api/enviar-email': { status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS', message: 'slow down' } },
    });
    renderPage();

    fireEvent.change(await screen.findByLabelText(/^WhatsApp number/), {
      target: { value: '+55 11 98765-4321' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many attempts');
    const sent = fetchMock.mock.calls.find(([input]) => String(input) === '/api/enviar-email');
    // The number goes as its digits, as the profile is matched.
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ wpp: '5511987654321' });
    expect(screen.queryByLabelText(/^Verification code/)).toBeNull();
  });

  test('the e-mail way is offered only when the server sends e-mail', async () => {
    serve({ recoveryByEmail: false });
    renderPage();
    await screen.findByLabelText(/^WhatsApp number/);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'E-mail' })).toBeNull();
    cleanup();

    serve({ recoveryByEmail: true });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'E-mail' }));
    expect(await screen.findByRole('textbox', { name: /^E-mail/ })).toBeTruthy();
  });
});
