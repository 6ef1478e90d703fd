import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { MIN_AUDIO_BYTES } from './composer-rules';
import { useAudioRecorder } from './use-audio-recorder';

/** A recorder that hands over `size` bytes when stopped, as the browser's does. */
function fakeRecorder(size: number) {
  class FakeRecorder {
    mimeType = 'audio/webm;codecs=opus';
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    start() {}
    stop() {
      const data = new Blob([new Uint8Array(size)]);
      this.ondataavailable?.({ data });
      this.onstop?.();
    }
  }
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('navigator', {
    mediaDevices: { getUserMedia: async () => ({ getTracks: () => [{ stop() {} }] }) },
  });
}

afterEach(() => vi.unstubAllGlobals());

async function record(size: number) {
  fakeRecorder(size);
  const done = vi.fn();
  const { result } = renderHook(() => useAudioRecorder(done));
  await act(() => result.current.start());
  act(() => result.current.stop());
  return done.mock.calls[0]?.[0];
}

test('a recording under 10,000 bytes is discarded', async () => {
  expect(await record(MIN_AUDIO_BYTES - 1)).toEqual({ tooShort: true });
});

test('a long enough recording becomes an audio file to send', async () => {
  const outcome = await record(MIN_AUDIO_BYTES);

  expect(outcome.file).toBeInstanceOf(File);
  expect(outcome.file.type).toBe('audio/webm');
  expect(outcome.file.name).toMatch(/^audio-\d+\.webm$/);
  expect(outcome.file.size).toBe(MIN_AUDIO_BYTES);
});
