import '../../shared/i18n/i18n';
import { EventEmitter } from 'node:events';
import type { Ticket } from '@balcao/shared';
import { CALLS_NAMESPACE, type CallAnswer, callEvents } from '@balcao/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { Toaster } from '../../shared/toast/toaster';
import { buildTicket } from '../../test/fixtures';
import { CallButton, CallPanel, canCall } from './call-controls';
import { useCall } from './use-call';

/** The browser's end of the /calls namespace: what the page sent, and the server's answers. */
class FakeCallSocket extends EventEmitter {
  sent: [string, unknown][] = [];
  answers: Record<string, CallAnswer> = {};
  disconnected = false;
  volatile = this;
  timeout() {
    return this;
  }
  async emitWithAck(event: string, payload: unknown) {
    this.sent.push([event, payload]);
    return this.answers[event] ?? { ok: true };
  }
  disconnect() {
    this.disconnected = true;
  }
}

const edges = vi.hoisted(() => ({
  socket: null as FakeCallSocket | null,
  urls: [] as string[],
  audio: { play: vi.fn(), stop: vi.fn() },
  microphone: null as ((frame: ArrayBuffer) => void) | null,
}));
vi.mock('socket.io-client', () => ({
  io: (url: string) => {
    edges.urls.push(url);
    return edges.socket;
  },
}));
vi.mock('./call-audio', () => ({
  openCallAudio: async (onFrame: (frame: ArrayBuffer) => void) => {
    edges.microphone = onFrame;
    return edges.audio;
  },
}));

/** The header's two halves, sharing one call as the header does. */
function CallControls({ ticket }: { ticket: Ticket }) {
  const call = useCall(ticket.id);
  return (
    <>
      <CallButton call={call} />
      <CallPanel call={call} />
    </>
  );
}

const callable = buildTicket({
  id: 31,
  status: 'open',
  channel: 'whatsapp',
  whatsapp: { id: 4, name: 'Vendas', channel: 'whatsapp', wavoip: true },
});

beforeEach(() => {
  applyLanguage('en');
  edges.socket = new FakeCallSocket();
  edges.urls = [];
  edges.audio.play.mockClear();
  edges.audio.stop.mockClear();
});
afterEach(cleanup);

test('only a WhatsApp contact of a connection with a wavoip token can be called, never a group', () => {
  expect(canCall(callable)).toBe(true);
  expect(
    canCall({ ...callable, whatsapp: { id: 4, name: 'Vendas', channel: 'whatsapp', wavoip: false } }),
  ).toBe(false);
  expect(canCall({ ...callable, isGroup: true })).toBe(false);
  expect(canCall(buildTicket())).toBe(false);
});

describe('a call from the chat header', () => {
  test('dials through the calls namespace, shows the duration once answered, relays sound, mutes and hangs up', async () => {
    const socket = edges.socket as FakeCallSocket;
    render(<CallControls ticket={callable} />);

    fireEvent.click(screen.getByRole('button', { name: 'Call the contact' }));
    expect(await screen.findByText('Calling…')).toBeTruthy();
    act(() => {
      socket.emit(callEvents.status, { ticketId: 31, state: 'connected', muted: false });
    });
    expect(await screen.findByText('00:00')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('In call · 00:00');
    const customer = new ArrayBuffer(8);
    socket.emit(callEvents.audio, customer);
    const sentFrames = vi.fn();
    socket.on(callEvents.microphone, sentFrames);
    const frame = new ArrayBuffer(4);
    edges.microphone?.(frame);
    fireEvent.click(screen.getByRole('button', { name: 'Mute microphone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Voice call' })).toBeNull());

    expect(edges.urls).toEqual([`${window.location.origin}${CALLS_NAMESPACE}`]);
    expect(socket.sent.map(([event]) => event)).toEqual([callEvents.start, callEvents.mute, callEvents.end]);
    expect(socket.sent[0]?.[1]).toEqual({ ticketId: 31 });
    expect(edges.audio.play).toHaveBeenCalledWith(customer);
    expect(sentFrames).toHaveBeenCalledTimes(1);
    expect(edges.audio.stop).toHaveBeenCalled();
    expect(socket.disconnected).toBe(true);
  });

  test('moving to another ticket in the same header hangs up', async () => {
    const socket = edges.socket as FakeCallSocket;
    const { rerender } = render(<CallControls ticket={callable} />);
    fireEvent.click(screen.getByRole('button', { name: 'Call the contact' }));
    await screen.findByText('Calling…');

    rerender(<CallControls ticket={{ ...callable, id: 32 }} />);

    await waitFor(() => expect(socket.disconnected).toBe(true));
    expect(edges.audio.stop).toHaveBeenCalled();
    expect(screen.queryByRole('group', { name: 'Voice call' })).toBeNull();
  });

  test('a refused call says why and lets go of the microphone', async () => {
    const socket = edges.socket as FakeCallSocket;
    socket.answers[callEvents.start] = { ok: false, error: 'ERR_NO_TICKET_FOUND' };
    render(
      <>
        <CallControls ticket={callable} />
        <Toaster />
      </>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Call the contact' }));

    expect(await screen.findByText('No ticket found with this ID.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Call the contact' })).toBeTruthy();
    expect(edges.audio.stop).toHaveBeenCalled();
    expect(socket.disconnected).toBe(true);
  });
});
