import '../../shared/i18n/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { LoginPage } from './login.page';
import { PasswordStrengthMeter } from './password-strength-meter';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderLogin(state?: unknown) {
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
    initialEntries: [{ pathname: '/login', state }],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function submit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(document.querySelector('input[name="password"]') as Element, {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(async () => {
  await applyLanguage('en');
  fetchMock = vi.fn<typeof fetch>(async (input) =>
    String(input).startsWith('/auth/login')
      ? json(401, { error: 'ERR_INVALID_CREDENTIALS', message: 'wrong' })
      : json(200, { signupEnabled: true }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the login page', () => {
  test('a refused sign-in stays in the form until the next attempt', async () => {
    renderLogin();

    submit('ana@example.com', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Authentication error. Please try again.');
    let answer: (res: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    answer(json(401, { error: 'ERR_INVALID_CREDENTIALS', message: 'wrong' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  test('after sign-up the e-mail is already filled in, with what is true whether or not it was free', async () => {
    renderLogin({ email: 'joana@padaria.test' });

    expect((await screen.findByLabelText<HTMLInputElement>(/^Email/)).value).toBe('joana@padaria.test');
    expect(screen.getByRole('alert').textContent).toBe(
      'If this email and the company name were not registered yet, your account was created: sign in with your password. If signing in fails, one of them was already registered: sign in with the account you already have, or sign up again with other details.',
    );
  });

  test('a plain visit says nothing of a sign-up', async () => {
    renderLogin();

    await screen.findByLabelText(/^Email/);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the password meter', () => {
  test('says nothing about strength before the user types', () => {
    render(<PasswordStrengthMeter password="" />);

    expect(screen.queryByText(/weak/)).toBeNull();
  });

  test('rates what the user typed', () => {
    render(<PasswordStrengthMeter password="abc" />);

    expect(screen.getByText(/Password strength: weak/)).toBeTruthy();
  });
});
