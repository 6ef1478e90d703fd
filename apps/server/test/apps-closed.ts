import { afterAll } from 'vitest';
import { openApps } from './app.js';

// Registered before the file's own hooks, so it runs after them: by then every app must be closed.
afterAll(async () => {
  const left = openApps.size;
  await Promise.all([...openApps].map((app) => app.close()));
  if (left > 0) throw new Error(`${left} app(s) left open by this file: close each in afterAll`);
});
