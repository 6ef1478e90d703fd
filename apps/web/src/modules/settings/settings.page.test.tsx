import { type Setting, settingDefinitions, settingKeys } from '@balcao/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { Toaster } from '../../shared/toast/toaster';
import { buildSessionUser } from '../../test/fixtures';
import { SettingsPage } from './settings.page';

const companyKeys = settingKeys.filter((key) => key !== 'userCreation' && key !== 'paymentGatewayToken');
const listed: Setting[] = companyKeys.map((key) => ({ key, value: settingDefinitions[key].default }));
const puts: { path: string; value: string }[] = [];
let answerPut: (value: string) => Response;

beforeAll(() => applyLanguage('en'));

beforeEach(() => {
  puts.length = 0;
  answerPut = () => Response.json({ error: 'ERR_VALIDATION', message: 'no' }, { status: 400 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      if (init.method !== 'PUT') return Response.json(listed);
      const { value } = JSON.parse(String(init.body));
      puts.push({ path, value });
      return answerPut(value);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={buildSessionUser({ profile: 'admin' })}>
        <SettingsPage />
      </SessionUserProvider>
      <Toaster />
    </QueryClientProvider>,
  );
}

const requiredTag = () => screen.findByRole('switch', { name: 'Tag required to close' });

describe('SettingsPage', () => {
  test('a switch saves its setting at once and stays as the server stored it', async () => {
    answerPut = (value) => Response.json({ key: 'requiredTag', value });
    renderPage();

    fireEvent.click(await requiredTag());

    await screen.findByText('Setting saved.');
    expect(puts).toEqual([{ path: '/settings/requiredTag', value: 'enabled' }]);
    expect(((await requiredTag()) as HTMLInputElement).checked).toBe(true);
  });

  test('a value the server refuses leaves the old one on screen', async () => {
    renderPage();

    fireEvent.click(await requiredTag());

    await screen.findByText('Check the highlighted fields.');
    expect(((await requiredTag()) as HTMLInputElement).checked).toBe(false);
  });

  test('a link the contract refuses is shown as invalid and not sent', async () => {
    renderPage();
    const link = await screen.findByRole('textbox', { name: 'Privacy policy link' });

    fireEvent.change(link, { target: { value: 'www.example.test' } });
    fireEvent.blur(link);

    expect(await screen.findByText('Invalid value')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  test('a text setting is saved when the field is left, not at each key press', async () => {
    answerPut = (value) => Response.json({ key: 'lgpdMessage', value });
    renderPage();
    const message = await screen.findByRole('textbox', { name: 'Consent message' });

    fireEvent.change(message, { target: { value: 'Seus dados' } });
    fireEvent.change(message, { target: { value: 'Seus dados estão seguros.' } });
    expect(puts).toEqual([]);
    fireEvent.blur(message);

    await waitFor(() =>
      expect(puts).toEqual([{ path: '/settings/lgpdMessage', value: 'Seus dados estão seguros.' }]),
    );
  });
});
