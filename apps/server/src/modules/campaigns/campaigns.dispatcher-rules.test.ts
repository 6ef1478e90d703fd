import { describe, expect, test } from 'vitest';
import { averagePause, pauseAfter } from './campaigns.dispatcher-pacing.js';
import { classifyReply } from './campaigns.dispatcher-replies.js';

describe('campaign pacing', () => {
  const pacing = { messageInterval: 20, longerIntervalAfter: 5, greaterInterval: 60 };

  test('after every longerIntervalAfter sends the pause is greaterInterval, otherwise random up to messageInterval', () => {
    expect(pauseAfter(pacing, 5, () => 0.5)).toBe(60_000);
    expect(pauseAfter(pacing, 10, () => 0.5)).toBe(60_000);
    expect(pauseAfter(pacing, 4, () => 0.5)).toBe(10_000);
    expect(pauseAfter(pacing, 6, () => 0)).toBe(0);
    expect(pauseAfter(pacing, 6, () => 0.999)).toBeLessThanOrEqual(20_000);
  });

  test('longerIntervalAfter 0 never takes the longer pause', () => {
    expect(pauseAfter({ ...pacing, longerIntervalAfter: 0 }, 20, () => 1)).toBe(20_000);
  });

  test('the average pause weighs the longer one by how often it comes', () => {
    expect(averagePause(pacing)).toBe((10_000 * 4 + 60_000) / 5);
    expect(averagePause({ ...pacing, longerIntervalAfter: 0 })).toBe(10_000);
  });
});

describe('confirmation replies', () => {
  test.each([
    ['Sim', 'yes'],
    ['sim!', 'yes'],
    ['1', 'yes'],
    ['Yes.', 'yes'],
    ['Sí', 'yes'],
    ['Evet', 'yes'],
    ['Não', 'no'],
    ['NO', 'no'],
    ['Hayır', 'no'],
    ['2', 'no'],
    ['SAIR', 'optOut'],
    ['parar', 'optOut'],
    ['Stop', 'optOut'],
    ['baja', 'optOut'],
    ['iptal', 'optOut'],
  ] as const)('%s is %s', (body, reply) => {
    expect(classifyReply(body)).toBe(reply);
  });

  test('anything else is no answer at all', () => {
    expect(classifyReply('sim, mas quero saber o preço')).toBeUndefined();
    expect(classifyReply('')).toBeUndefined();
    expect(classifyReply('talvez')).toBeUndefined();
  });
});
