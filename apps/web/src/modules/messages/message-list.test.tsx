import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { buildMessage, buildSessionUser, buildTicket } from '../../test/fixtures';
import { MessageList } from './message-list';

const LINE = 40;
const messagesFrom = (first: number) =>
  Array.from({ length: 20 }, (_, i) => buildMessage({ id: first + i, ticketId: 3, body: `m${first + i}` }));

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const asked = () =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x').searchParams.toString());

beforeAll(() => applyLanguage('en'));

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const before = new URL(String(input), 'http://x').searchParams.get('before');
    const ticket = buildTicket({ id: 3, status: 'open' });
    return before === 'older-1'
      ? Response.json({
          messages: messagesFrom(1),
          hasMore: false,
          nextCursor: null,
          newerCursor: null,
          ticket,
        })
      : Response.json({
          messages: messagesFrom(21),
          hasMore: true,
          nextCursor: 'older-1',
          newerCursor: null,
          ticket,
        });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** jsdom lays nothing out: every list item is given one line's height. */
function layOut(panel: HTMLElement) {
  Object.defineProperty(panel, 'clientHeight', { configurable: true, value: 400 });
  Object.defineProperty(panel, 'scrollHeight', {
    configurable: true,
    get: () => panel.querySelectorAll('li').length * LINE,
  });
}

const scrollTo = (panel: HTMLElement, top: number) => {
  panel.scrollTop = top;
  fireEvent.scroll(panel);
};

test('the older page loads by cursor within 50 px of the top, and the reader stays on the same message', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={buildSessionUser({ id: 7 })}>
        <MessageList ticketId={3} channel="whatsapp" />
      </SessionUserProvider>
    </QueryClientProvider>,
  );
  const panel = screen.getByRole('list').parentElement as HTMLElement;
  layOut(panel);
  await screen.findByText('m40');
  // Opens at the newest message: twenty messages and their date, one line each.
  expect(panel.scrollTop).toBe(21 * LINE);

  scrollTo(panel, 60);
  expect(asked()).toEqual(['']);
  scrollTo(panel, 45);

  await screen.findByText('m1');
  expect(asked()).toEqual(['', 'before=older-1']);
  // Twenty messages of one line each were added above what the reader was looking at.
  expect(panel.scrollTop).toBe(45 + 20 * LINE);
});

test('a reaction the customer took back reads as removed, not as a deleted message', async () => {
  const ticket = buildTicket({ id: 3, status: 'open' });
  const shown = [
    buildMessage({ id: 1, ticketId: 3, body: 'olha', isDeleted: true }),
    buildMessage({ id: 2, ticketId: 3, body: '👍', mediaType: 'reactionMessage', isDeleted: true }),
  ];
  fetchMock.mockImplementation(async () =>
    Response.json({ messages: shown, hasMore: false, nextCursor: null, newerCursor: null, ticket }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={buildSessionUser({ id: 7 })}>
        <MessageList ticketId={3} channel="whatsapp" />
      </SessionUserProvider>
    </QueryClientProvider>,
  );

  expect(await screen.findByText('Reaction removed')).toBeTruthy();
  expect(screen.getAllByText('Message deleted')).toHaveLength(1);
  expect(screen.queryByText('👍')).toBeNull();
});

test('opened at a search hit: that message is marked, and the bottom loads the newer page by cursor', async () => {
  const ticket = buildTicket({ id: 3, status: 'open' });
  fetchMock.mockImplementation(async (input) => {
    const params = new URL(String(input), 'http://x').searchParams;
    return params.get('after') === 'newer-1'
      ? Response.json({
          messages: messagesFrom(41).slice(0, 5),
          hasMore: false,
          nextCursor: null,
          newerCursor: null,
          ticket,
        })
      : Response.json({
          messages: messagesFrom(21),
          hasMore: true,
          nextCursor: 'older-1',
          newerCursor: 'newer-1',
          ticket,
        });
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={buildSessionUser({ id: 7 })}>
        <MessageList ticketId={3} channel="whatsapp" around={30} />
      </SessionUserProvider>
    </QueryClientProvider>,
  );
  const panel = screen.getByRole('list').parentElement as HTMLElement;
  layOut(panel);
  const match = (await screen.findByText('m30')).closest('li') as HTMLElement;
  expect(match.getAttribute('aria-current')).toBe('true');
  expect(asked()).toEqual(['around=30']);

  scrollTo(panel, 21 * LINE - 400);

  await screen.findByText('m45');
  expect(asked()).toEqual(['around=30', 'after=newer-1']);
  expect(screen.queryByRole('button', { name: 'Go to the latest messages' })).toBeNull();
});

test('the conversation is one Tab stop, on the newest message; the arrows move it, and the messages’ buttons stay out of the Tab order', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={buildSessionUser({ id: 7 })}>
        <MessageList ticketId={3} channel="whatsapp" focusOnOpen />
      </SessionUserProvider>
    </QueryClientProvider>,
  );
  await screen.findByText('m40');
  const list = screen.getByRole('list', { name: 'Messages' });
  const item = (body: string) => screen.getByText(body).closest('li') as HTMLElement;
  const tabStops = () => [...list.querySelectorAll<HTMLElement>('[tabindex="0"], button:not([tabindex])')];

  expect(tabStops()).toEqual([item('m40')]);
  expect(document.activeElement).toBe(item('m40'));
  expect(list.querySelectorAll('button').length).toBeGreaterThan(0);

  fireEvent.keyDown(item('m40'), { key: 'ArrowUp' });
  expect(document.activeElement).toBe(item('m39'));
  expect(tabStops()).toEqual([item('m39')]);

  fireEvent.keyDown(item('m39'), { key: 'ArrowRight' });
  const control = document.activeElement as HTMLElement;
  expect(control.tagName).toBe('BUTTON');
  expect(item('m39').contains(control)).toBe(true);
  fireEvent.keyDown(control, { key: 'Escape' });
  expect(document.activeElement).toBe(item('m39'));

  fireEvent.keyDown(item('m39'), { key: 'Home' });
  expect(document.activeElement).toBe(item('m21'));
  fireEvent.keyDown(item('m21'), { key: 'End' });
  expect(document.activeElement).toBe(item('m40'));
});

test('messages arriving after the person moved the keyboard elsewhere (a file picked, a dialog open) leave it there', async () => {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const respond = fetchMock.getMockImplementation() as typeof fetch;
  fetchMock.mockImplementation(async (...args) => {
    await answered;
    return respond(...args);
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={buildSessionUser({ id: 7 })}>
        <input aria-label="Caption" />
        <MessageList ticketId={3} channel="whatsapp" focusOnOpen />
      </SessionUserProvider>
    </QueryClientProvider>,
  );
  const caption = screen.getByRole('textbox', { name: 'Caption' });
  caption.focus();
  answer();
  await screen.findByText('m40');

  expect(document.activeElement).toBe(caption);
});
