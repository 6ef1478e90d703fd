import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    passWithNoTests: true,
    setupFiles: ['src/test/setup.ts'],
    // Rendering MUI in jsdom takes seconds when the machine is busy; 5 s is not a bound worth failing on.
    testTimeout: 20_000,
  },
});
