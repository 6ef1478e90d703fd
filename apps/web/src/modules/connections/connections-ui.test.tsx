import '../../shared/i18n/i18n';
import type { Connection } from '@balcao/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { buildSessionUser } from '../../test/fixtures';
import { connectionFormDefaults, restartsSession, tabOfField } from './connection-form';
import { NewConnectionMenu } from './new-connection.menu';

afterEach(cleanup);
beforeEach(() => applyLanguage('en'));

function openMenu(plan: Record<string, boolean | number>, used?: number) {
  const base = buildSessionUser();
  const user = buildSessionUser({}, { plan: { ...base.company.plan, ...plan } });
  const onPick = vi.fn();
  const onFacebookLogin = vi.fn();
  render(
    <SessionUserProvider user={user}>
      <NewConnectionMenu onPick={onPick} onFacebookLogin={onFacebookLogin} used={used} />
    </SessionUserProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'New connection' }));
  return { onPick, onFacebookLogin, items: screen.getAllByRole('menuitem').map((item) => item.textContent) };
}

describe('the new-connection menu', () => {
  test('offers only the channels the plan allows, the website chat always', () => {
    const { items } = openMenu({ useWhatsapp: false, useFacebook: true, useInstagram: false });

    expect(items).toEqual(['Facebook', 'Website chat', 'Facebook and Instagram (Facebook login)']);
  });

  test('one Facebook login entry opens the login flow, for Instagram alone too', () => {
    const { onFacebookLogin } = openMenu({ useFacebook: false, useInstagram: true });

    fireEvent.click(screen.getByRole('menuitem', { name: /Facebook and Instagram \(Facebook login\)/ }));

    expect(onFacebookLogin).toHaveBeenCalledOnce();
  });

  test("shows the plan's room before any form, and a full plan opens none but the login's renewal", () => {
    openMenu({ connections: 3 }, 2);
    expect(screen.getByText("2 of the plan's 3 connections in use.")).toBeTruthy();
    cleanup();

    const { onPick } = openMenu({ connections: 3 }, 3);
    expect(screen.getByText(/The plan is full: delete a connection/)).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: /Website chat/ }));
    expect(onPick).not.toHaveBeenCalled();
    expect(
      screen
        .getByRole('menuitem', { name: /Facebook and Instagram \(Facebook login\)/ })
        .getAttribute('aria-disabled'),
    ).toBeNull();
  });
});

describe('the connection form', () => {
  const connected = { ...connectionFormDefaults(null, 'whatsapp'), channel: 'whatsapp' } as const;
  const whatsapp = { channel: 'whatsapp', status: 'CONNECTED' } as Connection;

  test('warns before saving a connected WhatsApp session with a history import, and only then', () => {
    const withImport = { ...connected, importOldMessages: '2026-01-01T00:00:00.000Z' };

    expect(restartsSession(whatsapp, withImport)).toBe(true);
    expect(restartsSession(whatsapp, connected)).toBe(false);
    expect(restartsSession({ ...whatsapp, status: 'DISCONNECTED' }, withImport)).toBe(false);
    expect(restartsSession({ ...whatsapp, channel: 'whatsappapi' }, withImport)).toBe(false);
  });

  test('a refused field opens the tab that holds it', () => {
    expect(tabOfField('inactiveMessage')).toBe('chatbot');
    expect(tabOfField('expiresTicketNps')).toBe('nps');
    expect(tabOfField('schedules')).toBe('schedules');
    expect(tabOfField('phoneNumberId')).toBe('general');
  });

  test('a new connection starts with the spec defaults and never shows a stored token', () => {
    const defaults = connectionFormDefaults(null, 'whatsappapi');

    expect(defaults).toMatchObject({
      maxUseBotQueues: 3,
      maxUseBotQueuesNps: 3,
      timeSendQueue: 0,
      accessToken: '',
    });
    expect(defaults.schedules).toHaveLength(7);
  });
});
