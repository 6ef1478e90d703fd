import '../../shared/i18n/i18n';
import type { FacebookPagesResponse } from '@balcao/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { buildSessionUser } from '../../test/fixtures';
import { FacebookConnectDialog } from './facebook-connect.dialog';
import type { FacebookSdk } from './facebook-sdk';

const SDK_URL = 'https://sdk.test/sdk.js';
const page = (overrides: object = {}) => ({
  id: '111',
  name: 'Loja X',
  connected: false,
  taken: false,
  instagram: { id: '1784111', username: 'lojax', connected: false, taken: false },
  ...overrides,
});

let pages: FacebookPagesResponse['pages'];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const sdk: FacebookSdk = {
  init: vi.fn(),
  login: (callback) =>
    callback({ status: 'connected', authResponse: { accessToken: 'SHORT', userID: '10' } }),
};

function renderDialog(room: number | null = 3) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={buildSessionUser({ profile: 'admin' })}>
        <FacebookConnectDialog room={room} onClose={vi.fn()} />
      </SessionUserProvider>
    </QueryClientProvider>,
  );
}

/** The SDK's script as the dialog adds it; `load` plays the real SDK calling window.fbAsyncInit. */
async function sdkScript() {
  const script = await waitFor(() => {
    const found = document.querySelector(`script[src="${SDK_URL}"]`);
    if (!found) throw new Error('no SDK script yet');
    return found;
  });
  return {
    block: () => act(() => void script.dispatchEvent(new Event('error'))),
    load: () =>
      act(() => {
        window.FB = sdk;
        window.fbAsyncInit?.();
      }),
  };
}

const continueButton = () =>
  screen.getByRole('button', { name: 'Continue with Facebook' }) as HTMLButtonElement;

beforeEach(async () => {
  await applyLanguage('en');
  pages = [page()];
  fetchMock = vi.fn<typeof fetch>(async (url) => {
    const path = String(url);
    if (path.includes('/public-settings'))
      return Response.json({
        signupEnabled: true,
        facebook: { appId: '123', sdkUrl: SDK_URL, version: 'v21.0' },
      });
    if (path.includes('/facebook/pages')) return Response.json({ login: 'SEALED', pages });
    return Response.json({ error: 'ERR_META_ASSET_TAKEN', message: 'taken' }, { status: 409 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// First: the SDK is loaded once per page, so later tests find it loaded.
test('a blocked SDK is said in the dialog, and trying again loads it with the configured app id', async () => {
  renderDialog();
  await (await sdkScript()).block();
  await screen.findByText('Facebook could not be loaded. An ad blocker or the network may be stopping it.');
  expect(continueButton().disabled).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await (await sdkScript()).load();

  await waitFor(() => expect(continueButton().disabled).toBe(false));
  expect(sdk.init).toHaveBeenCalledWith(expect.objectContaining({ appId: '123', version: 'v21.0' }));
});

test('a login without pages says so, and nothing is offered to connect', async () => {
  pages = [];
  renderDialog();
  await waitFor(() => expect(continueButton().disabled).toBe(false));

  fireEvent.click(continueButton());

  await screen.findByText(/No page was found on this Facebook account/);
  expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
  expect(JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body))).toEqual({
    facebookUserId: '10',
    facebookUserToken: 'SHORT',
  });
});

test("a page of another company cannot be ticked, and the server's refusal shows in the dialog", async () => {
  pages = [page({ taken: true })];
  renderDialog();
  await waitFor(() => expect(continueButton().disabled).toBe(false));
  fireEvent.click(continueButton());

  const messenger = (await screen.findByRole('checkbox', { name: /Messenger/ })) as HTMLInputElement;
  expect(messenger.disabled).toBe(true);
  expect(screen.getByText('Connected in another company.')).toBeTruthy();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Instagram @lojax' }));
  fireEvent.click(screen.getByRole('button', { name: 'Connect' }));

  await screen.findByText(/already connected, in this or another company/);
  expect(JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body))).toEqual({
    login: 'SEALED',
    pages: [{ id: '111', messenger: false, instagram: true }],
  });
});

test("a choice over the plan's room is held back before anything is sent", async () => {
  renderDialog(1);
  await waitFor(() => expect(continueButton().disabled).toBe(false));
  fireEvent.click(continueButton());

  fireEvent.click(await screen.findByRole('checkbox', { name: /Messenger/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Instagram @lojax' }));

  await screen.findByText('The plan only has room for 1 more connection: untick some.');
  expect((screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement).disabled).toBe(true);
});
