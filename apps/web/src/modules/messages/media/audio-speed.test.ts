import { beforeEach, describe, expect, test } from 'vitest';
import { nextAudioSpeed, savedAudioSpeed } from './audio-speed';
import { pinchScale, zoomIn, zoomOut } from './gallery-zoom';

beforeEach(() => localStorage.clear());

describe('audio speed', () => {
  test('cycles 1 → 1.5 → 2 → 0.5 → 1 and is remembered in this browser', () => {
    expect(savedAudioSpeed()).toBe(1);
    const seen = [nextAudioSpeed(1)];
    for (let i = 0; i < 3; i += 1) seen.push(nextAudioSpeed(seen.at(-1) as number));

    expect(seen).toEqual([1.5, 2, 0.5, 1]);
    nextAudioSpeed(1);
    expect(savedAudioSpeed()).toBe(1.5);
  });

  test('a stored value that is not one of the speeds plays at normal speed', () => {
    localStorage.setItem('audioPlaybackRate', '7');
    expect(savedAudioSpeed()).toBe(1);
  });
});

describe('gallery zoom', () => {
  test('steps by 0.2 and a pinch stays between 1 and 3', () => {
    expect(zoomIn(1)).toBe(1.2);
    expect(zoomOut(zoomIn(1))).toBe(1);
    expect(zoomIn(3)).toBe(3);
    expect(pinchScale(1, 100, 50)).toBe(1);
    expect(pinchScale(1, 100, 500)).toBe(3);
    expect(pinchScale(1, 100, 150)).toBe(1.5);
  });
});
