import type { Ticket } from '@balcao/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { buildMessage, buildTicket } from '../../test/fixtures';
import { MESSAGE_MAX_LENGTH, MessageComposer } from './message-composer';
import { chatSelection } from './messages.selection';

const posted = vi.fn();
const postedQuote = vi.fn();
const postedWhole = vi.fn();

beforeAll(() => applyLanguage('en'));

beforeEach(() => {
  posted.mockReset();
  postedQuote.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const { body, quotedMsgId, ...rest } = JSON.parse(String(init.body));
      postedWhole(rest);
      posted(body);
      postedQuote(quotedMsgId);
      return Response.json(buildMessage({ id: 9, body, fromMe: true }), { status: 201 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderComposer(ticket: Ticket) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageComposer ticket={ticket} />
    </QueryClientProvider>,
  );
  return screen.getByRole('textbox') as HTMLTextAreaElement;
}

describe('MessageComposer', () => {
  test('a reply shows what it quotes, sends its id once, and the bar closes', async () => {
    const ticket = buildTicket({ id: 3, status: 'open' });
    chatSelection.reply(buildMessage({ id: 41, ticketId: 3, body: 'Qual o prazo?' }));
    const box = renderComposer(ticket);
    expect(screen.getByRole('status', { name: 'Replying to' }).textContent).toContain('Qual o prazo?');

    fireEvent.change(box, { target: { value: 'Amanhã' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() => expect(postedQuote).toHaveBeenCalledWith(41));
    expect(screen.queryByRole('status', { name: 'Replying to' })).toBeNull();
  });

  test('Enter sends the trimmed text and empties the box; Shift+Enter only starts a new line', async () => {
    const box = renderComposer(buildTicket({ status: 'open' }));

    fireEvent.change(box, { target: { value: '  Olá, tudo bem?  ' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(posted).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() => expect(posted).toHaveBeenCalledWith('Olá, tudo bem?'));
    expect(box.value).toBe('');
  });

  test('blank text is not sent', () => {
    const box = renderComposer(buildTicket({ status: 'open' }));

    fireEvent.change(box, { target: { value: '   \n ' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    expect(posted).not.toHaveBeenCalled();
  });

  test('a waiting ticket cannot be answered, and the box says why', () => {
    const box = renderComposer(buildTicket({ status: 'pending' }));

    expect(box.disabled).toBe(true);
    expect(box.placeholder).toBe('Accept or reopen the ticket to reply');
  });

  test('near the limit a counter shows how much is left', () => {
    const box = renderComposer(buildTicket({ status: 'open' }));

    fireEvent.change(box, { target: { value: 'a'.repeat(4000) } });

    expect(screen.getByText('4,000 of 4,096 characters')).toBeTruthy();
  });

  test('a message past the limit is refused with a message, never cut', () => {
    const box = renderComposer(buildTicket({ status: 'open' }));
    const text = 'a'.repeat(MESSAGE_MAX_LENGTH + 1);

    fireEvent.change(box, { target: { value: text } });
    fireEvent.keyDown(box, { key: 'Enter' });

    expect(posted).not.toHaveBeenCalled();
    expect(box.value).toBe(text);
    expect(screen.getByText(/Message too long \(4,097 of at most 4,096 characters\)/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
  });

  test('the private-note toggle sends the text as a note', async () => {
    const box = renderComposer(buildTicket({ status: 'open' }));

    fireEvent.click(screen.getByRole('button', { name: 'Internal note (not sent to the contact)' }));
    fireEvent.change(box, { target: { value: 'cliente pediu desconto' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() =>
      expect(postedWhole).toHaveBeenCalledWith(expect.objectContaining({ isPrivate: true })),
    );
  });

  test('the tools are off while the ticket cannot be answered', () => {
    renderComposer(buildTicket({ status: 'closed' }));

    for (const name of ['Attach files', 'Record audio', 'Send contact', 'Emoji'])
      expect(screen.getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(true);
  });

  test('a Cloud API conversation past 24 hours offers a template instead of a dead end', async () => {
    const old = new Date(Date.now() - 25 * 3600_000).toISOString();
    renderComposer(buildTicket({ status: 'open', channel: 'whatsappapi', lastCustomerMessageAt: old }));

    expect(screen.getByText(/only an approved template/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send a template' }));

    expect(await screen.findByRole('dialog', { name: 'Send a template' })).toBeTruthy();
  });

  test('a Messenger conversation is answerable for 7 days, then says its window closed', () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000).toISOString();
    renderComposer(buildTicket({ status: 'open', channel: 'facebook', lastCustomerMessageAt: daysAgo(3) }));
    expect(screen.queryByText(/More than 7 days/)).toBeNull();
    cleanup();

    renderComposer(buildTicket({ status: 'open', channel: 'facebook', lastCustomerMessageAt: daysAgo(8) }));

    expect(screen.getByText(/More than 7 days/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a template' })).toBeNull();
  });
});
