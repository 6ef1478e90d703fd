import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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
