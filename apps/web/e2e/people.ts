import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPage, signIn, socketConnected, tokenOf } from './browser';

/**
 * Arranges data through the API as the user signed in on `page` (the journeys act through the UI), and
 * reads back what a form stored: from the server, not from the page's cache or its toast.
 */
export function apiAs(page: Page) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: object) => {
    const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
    const res = await page.request.fetch(path, { method, headers, ...(data ? { data } : {}) });
    expect(res.ok(), await res.text()).toBe(true);
    return res.status() === 204 ? null : res.json();
  };
}

/** A user signed in on a page of their own, whose socket has joined (live events reach it). */
export async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await openPage(browser);
  const joined = socketConnected(page);
  await signIn(page, email, password);
  await joined;
  return page;
}

/** The visitor writes in the webchat widget and sees their message. */
export async function say(customer: Page, text: string) {
  await customer.getByRole('textbox', { name: 'Escreva sua mensagem…' }).fill(text);
  await customer.keyboard.press('Enter');
  await customer.getByText(text).waitFor();
}

/** A visitor of the company's website, in Portuguese, who introduces themself and writes. */
export async function visitorWrites(browser: Browser, widgetToken: string, name: string, text: string) {
  const customer = await openPage(browser, { width: 400, height: 720 });
  await customer.goto(`/w/${widgetToken}`);
  await customer.getByLabel('Seu nome').fill(name);
  await customer.getByRole('button', { name: 'Iniciar conversa' }).click();
  await say(customer, text);
  return customer;
}

/**
 * The open conversation's heading, its contact's name. The list's rows name their contacts with
 * headings of the same level (both sit under the page's h1), so the rows' are left out.
 */
export const chatHeading = (page: Page, name: string) =>
  page.getByRole('heading', { name, level: 2 }).and(page.locator('h2:not(li h2)'));
