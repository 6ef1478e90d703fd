// `npm test` after the build: the browser journeys and every other suite as two vitest runs side by side.
// In one run vitest puts a project without file parallelism (the journeys) after all the others, so the
// suite took their sum; side by side it takes about the longer of the two. The other suites' output is
// held so the two do not interleave, and printed after the journeys' own: whole when they failed, their
// summary when they passed, so a failure stays near the end. Arguments (a file filter) go to both runs.
import { spawn } from 'node:child_process';

const vitest = new URL('../node_modules/vitest/vitest.mjs', import.meta.url).pathname;
const args = process.argv.slice(2);

function run(project, quiet) {
  const child = spawn(
    process.execPath,
    [vitest, 'run', `--project=${project}`, '--passWithNoTests', ...args],
    {
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    },
  );
  let output = '';
  if (quiet) {
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
  }
  return new Promise((done) => {
    child.once('exit', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const [journeys, others] = await Promise.all([run('e2e', false), run('!e2e', true)]);
const shown = others.code === 0 ? others.output.trimEnd().split('\n').slice(-8).join('\n') : others.output;
process.stdout.write(`\n--- every suite but the browser journeys ---\n${shown}\n`);
console.log(`\nbrowser journeys exited ${journeys.code}, the other suites ${others.code}`);
process.exit(journeys.code || others.code);
