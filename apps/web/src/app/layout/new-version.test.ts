import { expect, test } from 'vitest';
import { isNewerBuild } from './new-version';

test('the notice shows only when the server serves another build than the page runs', () => {
  expect(isNewerBuild('/assets/index-new.js', '/assets/index-old.js')).toBe(true);
  expect(isNewerBuild('/assets/index-old.js', '/assets/index-old.js')).toBe(false);
  // The dev server, or a server without a web build: nothing to compare.
  expect(isNewerBuild(null, '/assets/index-old.js')).toBe(false);
  expect(isNewerBuild('/assets/index-new.js', null)).toBe(false);
});
