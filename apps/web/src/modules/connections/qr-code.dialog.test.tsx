import '../../shared/i18n/i18n';
import { EventEmitter } from 'node:events';
import { events, type WhatsappSessionEvent } from '@balcao/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { SocketContext } from '../../shared/socket/socket';
import { buildConnection, buildSessionUser } from '../../test/fixtures';
import { QrCodeDialog } from './qr-code.dialog';

/** What the Baileys harness replays on pairing: a QR payload as WhatsApp Web forms it. */
const HARNESS_QR = '2@ref1,noise,identity,adv';

const connection = buildConnection({
  id: 7,
  name: 'Loja',
  channel: 'whatsapp',
  status: 'OPENING',
  isDefault: true,
  token: '',
});

let socket: EventEmitter;

function renderDialog(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={buildSessionUser({ profile: 'admin' })}>
        <SocketContext.Provider value={socket as unknown as Socket}>
          <QrCodeDialog connection={connection} onClose={onClose} />
        </SocketContext.Provider>
      </SessionUserProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

const replay = (session: Partial<Extract<WhatsappSessionEvent, { action: 'update' }>['session']>) =>
  act(() => {
    socket.emit(events.whatsappSession(1), {
      action: 'update',
      session: { id: 7, status: 'qrcode', qrcode: '', pairingCode: '', retries: 0, ...session },
    });
  });

beforeEach(async () => {
  await applyLanguage('en');
  socket = new EventEmitter();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ id: 7, status: 'OPENING', qrcode: '', pairingCode: '', retries: 0 })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('the QR streamed over the socket is drawn at 256 px, and the modal closes once the phone connects', async () => {
  const onClose = renderDialog();
  await screen.findByLabelText('Waiting for the QR code');

  replay({ status: 'qrcode', qrcode: HARNESS_QR });
  const qr = await screen.findByRole('img', { name: 'QR code to connect WhatsApp' });
  replay({ status: 'CONNECTED', qrcode: '' });

  expect(qr.getAttribute('width')).toBe('256');
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});

test('a new QR replaces the old one, and the modal closes when the QR empties', async () => {
  const onClose = renderDialog();
  await screen.findByLabelText('Waiting for the QR code');
  replay({ qrcode: HARNESS_QR });
  const first = (await screen.findByRole('img', { name: 'QR code to connect WhatsApp' })).innerHTML;

  replay({ qrcode: '2@ref2,noise,identity,adv' });
  await waitFor(() =>
    expect(screen.getByRole('img', { name: 'QR code to connect WhatsApp' }).innerHTML).not.toBe(first),
  );
  expect(onClose).not.toHaveBeenCalled();
  replay({ status: 'DISCONNECTED', qrcode: '' });

  await waitFor(() => expect(onClose).toHaveBeenCalled());
});

test('a pairing code is shown the way the phone asks for it', async () => {
  renderDialog();
  await screen.findByLabelText('Waiting for the QR code');

  replay({ status: 'PAIRING', pairingCode: 'ABCD1234' });

  expect((await screen.findByRole('status')).textContent).toBe('ABCD-1234');
});

test("another connection's session does not reach this modal", async () => {
  renderDialog();
  await screen.findByLabelText('Waiting for the QR code');

  act(() => {
    socket.emit(events.whatsappSession(1), {
      action: 'update',
      session: { id: 8, status: 'qrcode', qrcode: HARNESS_QR, pairingCode: '', retries: 0 },
    });
  });

  expect(screen.queryByRole('img', { name: 'QR code to connect WhatsApp' })).toBeNull();
});
