import { expect, test } from 'vitest';
import { z } from 'zod';
import { fastSerializerCompiler } from './fast-serializer.js';

const serialize = fastSerializerCompiler({
  schema: z.object({
    id: z.number(),
    queue: z.object({ id: z.number(), name: z.string() }).nullable(),
    tags: z.array(z.object({ name: z.string() })),
    reactions: z.array(z.string()).optional(),
  }),
});

test('writes what the contract names, nullable objects and optional keys included, and nothing else', () => {
  const row = { id: 1, queue: { id: 2, name: 'Vendas', secret: 'x' }, tags: [{ name: 'vip' }], token: 'x' };

  expect(JSON.parse(serialize(row))).toEqual({
    id: 1,
    queue: { id: 2, name: 'Vendas' },
    tags: [{ name: 'vip' }],
  });
  expect(JSON.parse(serialize({ id: 1, queue: null, tags: [], reactions: ['👍'] }))).toEqual({
    id: 1,
    queue: null,
    tags: [],
    reactions: ['👍'],
  });
});

test('refuses an answer missing a required key instead of sending it short', () => {
  expect(() => serialize({ id: 1, tags: [] })).toThrow(/queue/);
});

test('takes only zod schemas', () => {
  expect(() => fastSerializerCompiler({ schema: { type: 'object' } })).toThrow();
});
