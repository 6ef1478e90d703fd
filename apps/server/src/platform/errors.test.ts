import { expect, test } from 'vitest';
import { loggableError } from './errors.js';

test("an error's log entry carries its kind, code and frames, never the values the query held", () => {
  const cause = Object.assign(new Error('value "$argon2id$v=19$secret" is out of range'), { code: '22003' });
  const error = new Error(
    'Failed query: update users set password_hash = $1\nparams: $argon2id$v=19$secret,card 4111 1111',
    {
      cause,
    },
  );

  const logged = JSON.stringify(loggableError(error));

  expect(logged).not.toContain('argon2id');
  expect(logged).not.toContain('4111');
  expect(loggableError(error)).toMatchObject({ type: 'Error', code: '22003' });
  expect(loggableError(error).stack.length).toBeGreaterThan(0);
});
