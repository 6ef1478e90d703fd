import { z } from 'zod';
import { requiredText } from '../validation.js';

/**
 * A WhatsApp Cloud API message template the connection may send outside the 24-hour window
 * (protocols §2.6): only approved ones whose header and buttons need no values are offered, so the
 * attendant fills the body's `{{1}}`..`{{n}}` and nothing else.
 */
const messageTemplateSchema = z.object({
  name: z.string(),
  /** Meta's language code, e.g. `pt_BR`: a template exists once per language. */
  language: z.string(),
  category: z.string(),
  header: z.string().nullable(),
  body: z.string(),
  footer: z.string().nullable(),
  /** How many body variables the send must fill. */
  variables: z.number(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const listTemplatesResponse = z.object({ templates: z.array(messageTemplateSchema) });

const MAX_TEMPLATE_VARIABLES = 20;

export const sendTemplateBody = z.object({
  name: requiredText(1, 512),
  language: requiredText(2, 15),
  /** The body variables' values, `{{1}}` first. */
  parameters: z.array(requiredText(1, 1024)).max(MAX_TEMPLATE_VARIABLES),
});
export type SendTemplateBody = z.infer<typeof sendTemplateBody>;

const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;

/** The highest `{{n}}` in a template text: Meta numbers them from 1 without gaps. */
export function templateVariableCount(text: string): number {
  let highest = 0;
  for (const match of text.matchAll(VARIABLE)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

/** What the customer reads: header, body with its variables filled, and footer. */
export function renderTemplate(
  template: Pick<MessageTemplate, 'header' | 'body' | 'footer'>,
  parameters: readonly string[],
): string {
  const body = template.body.replace(VARIABLE, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
  return [template.header, body, template.footer].filter(Boolean).join('\n\n');
}
