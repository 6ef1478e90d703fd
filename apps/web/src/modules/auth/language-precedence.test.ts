import '../../shared/i18n/i18n';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage, i18n } from '../../shared/i18n/i18n';
import { clearSession } from '../../shared/session/session.store';
import { buildSessionUser } from '../../test/fixtures';
import { signup } from './auth.api';
import { beginSession } from './begin-session';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify({ companyId: 1, userId: 1 }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('language after sign-in', () => {
  test('sign-up records the language the page was shown in, so the first sign-in keeps it', async () => {
    await applyLanguage('en');

    await signup({
      companyName: 'Padaria',
      name: 'Joana',
      email: 'joana@example.test',
      phone: '11987654321',
      password: 'Segredo123',
      planId: 1,
      termo: true,
    });

    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({ language: 'en' });
  });

  test("the profile's language wins over the one this browser showed before sign-in", async () => {
    await applyLanguage('en');

    await beginSession({ token: 't', user: buildSessionUser({ language: 'es' }) });

    expect(i18n.language).toBe('es');
  });
});
