import { defineProject } from 'vitest/config';

// The repository's own lint rules, run against samples of the code they must catch.
export default defineProject({ test: { name: 'lint', include: ['*.test.ts'], testTimeout: 20_000 } });
