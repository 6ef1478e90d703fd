import { defineProject } from 'vitest/config';

// One worker, no isolation: every test file shares one database (booting PGlite costs seconds),
// and each test makes its own companies, so files never see each other's rows.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    isolate: false,
    setupFiles: ['test/apps-closed.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
