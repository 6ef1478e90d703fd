import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { transitionsEnded } from './browser';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** The addresses axe has read in this file's run, so a journey can tell which pages it has not. */
export const axeCheckedPaths: string[] = [];

/** What the accessibility journeys fail on: the two worst of axe's four impacts. */
const blocking = ['critical', 'serious'];

/**
 * Runs axe-core on the page as it stands (the app's content policy forbids injected scripts, so axe is
 * evaluated through the debugging protocol, which the policy does not govern) and fails the test on
 * every critical or serious violation, listing each rule with the elements that break it. The failure is
 * soft: the journey goes on, so one run lists every screen's violations. It waits for the page's
 * transitions to end: halfway through a fade, text is read against a blend of colours no user stops on.
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string) {
  await transitionsEnded(page);
  axeCheckedPaths.push(new URL(page.url()).pathname);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const { axe: inPage } = window as unknown as {
      axe: { run: (context: Document) => Promise<{ violations: unknown[] }> };
    };
    return (await inPage.run(document)).violations as Violation[];
  });
  const serious = violations.filter((violation) => blocking.includes(violation.impact ?? ''));
  const report = serious
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .map(
            (node) =>
              `    ${JSON.stringify(node.target)} ${node.html.slice(0, 200)}\n      ${node.failureSummary ?? ''}`,
          )
          .join('\n'),
    )
    .join('\n');
  // The count is compared so the message carries the whole report (a compared string would be cut short).
  expect.soft(serious.length, `axe on ${where}:\n${report}`).toBe(0);
}
