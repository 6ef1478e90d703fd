import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

// Every npm dependency stays external; only our own code (server and @balcao/shared) is bundled.
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@balcao/'));

await build({
  // The server, and the Ticketz import command (npm run import:ticketz), a process of its own.
  entryPoints: { main: 'src/main.ts', 'import-ticketz': 'src/import/ticketz/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
