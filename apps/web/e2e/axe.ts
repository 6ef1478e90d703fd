import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** What the accessibility journeys fail on: the two worst of axe's four impacts. */
const blocking = ['critical', 'serious'];

/**
 * Runs axe-core on the page as it stands (the app's content policy forbids injected scripts, so axe is
 * evaluated through the debugging protocol, which the policy does not govern) and fails on every
 * critical or serious violation, listing each rule with the elements that break it.
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document) => Promise<{ violations: unknown[] }> };
    };
    return (await axe.run(document)).violations as Violation[];
  });
  const serious = violations.filter((violation) => blocking.includes(violation.impact ?? ''));
  const report = serious
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .map((node) => `    ${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`)
          .join('\n'),
    )
    .join('\n');
  expect.soft(report, `axe on ${where}`).toBe('');
}
