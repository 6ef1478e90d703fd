import { defineProject } from 'vitest/config';

// Journeys in real Chromium against the production build: `npm run build` must have run first.
export default defineProject({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
