import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { lazyPart } from './lazy-part';

afterEach(cleanup);

function Part({ text }: { text: string }) {
  return <p>{text}</p>;
}

describe('lazy parts', () => {
  test('fetched ahead, a part shows from that one fetch', async () => {
    const load = vi.fn(async () => Part);
    const Lazy = lazyPart(load);

    await Lazy.preload();
    render(
      <Suspense>
        <Lazy text="loaded" />
      </Suspense>,
    );

    expect(await screen.findByText('loaded')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a fetch that failed ahead is tried again when the part is first shown', async () => {
    const load = vi.fn<() => Promise<typeof Part>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(Part);
    const Lazy = lazyPart(load);

    await expect(Lazy.preload()).rejects.toThrow('offline');
    render(
      <Suspense>
        <Lazy text="second try" />
      </Suspense>,
    );

    expect(await screen.findByText('second try')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
