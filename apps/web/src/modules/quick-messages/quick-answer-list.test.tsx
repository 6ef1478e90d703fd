import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { buildTicket } from '../../test/fixtures';
import { MessageComposer } from '../messages/message-composer';

const posted = vi.fn();
const promo = {
  id: 1,
  shortcode: 'promo',
  message: 'Confira a nossa promoção de hoje, válida até o fim do mês!',
  geral: true,
  status: true,
  isCategory: false,
  categoryId: null,
  mediaPath: null,
  mediaName: null,
  isMedia: false,
  userId: 2,
};

beforeAll(() => applyLanguage('en'));

beforeEach(() => {
  posted.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (String(url).includes('/quick-messages/list')) return Response.json([promo]);
      posted(init.body);
      return Response.json({}, { status: 500 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("typing '/' and a shortcode lists the quick answer, and Enter puts its text in the draft unsent", async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageComposer ticket={buildTicket({ status: 'open' })} />
    </QueryClientProvider>,
  );
  const box = screen.getByRole('textbox') as HTMLTextAreaElement;

  fireEvent.change(box, { target: { value: '/pro' } });
  await screen.findByText('/promo');
  expect(screen.getByText('Confira a nossa promoção de hoje, v…')).toBeTruthy();
  fireEvent.keyDown(box, { key: 'Enter' });

  expect(box.value).toBe(promo.message);
  expect(posted).not.toHaveBeenCalled();
  expect(screen.queryByText('/promo')).toBeNull();
});

test('a quick answer with an image shows it above the composer and sends it with the text, unless taken off', async () => {
  const withImage = {
    ...promo,
    id: 7,
    shortcode: 'foto',
    mediaPath: '/media/promo.png',
    mediaName: 'promo.png',
    isMedia: true,
  };
  vi.mocked(fetch).mockImplementation(async (url, init) => {
    if (String(url).includes('/quick-messages/list')) return Response.json([withImage]);
    posted(JSON.parse(String(init?.body)));
    return Response.json({}, { status: 500 });
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageComposer ticket={buildTicket({ status: 'open' })} />
    </QueryClientProvider>,
  );
  const box = screen.getByRole('textbox') as HTMLTextAreaElement;
  fireEvent.change(box, { target: { value: '/fo' } });
  fireEvent.click(await screen.findByText('/foto'));

  expect(screen.getByRole('img', { name: 'promo.png' })).toBeTruthy();
  fireEvent.keyDown(box, { key: 'Enter' });
  await waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
  expect(posted.mock.calls[0]?.[0]).toMatchObject({ body: promo.message, quickMessageId: 7 });

  fireEvent.change(box, { target: { value: '/fo' } });
  fireEvent.click(await screen.findByText('/foto'));
  fireEvent.click(screen.getByRole('button', { name: "Don't send the image" }));
  expect(screen.queryByRole('img', { name: 'promo.png' })).toBeNull();
  fireEvent.keyDown(box, { key: 'Enter' });
  await waitFor(() => expect(posted).toHaveBeenCalledTimes(2));
  expect(posted.mock.calls[1]?.[0]).not.toHaveProperty('quickMessageId');
});
