import { z } from 'zod';
import { requiredText } from '../validation.js';

/**
 * A WhatsApp Cloud API message template the connection may send outside the 24-hour window
 * (protocols §2.6), with what a send must fill: the header's variable or media, the body's variables
 * (`{{1}}`.. or, with `parameter_format: NAMED`, `{{first_name}}`..) and the URL buttons' suffixes.
 */
const messageTemplateSchema = z.object({
  name: z.string(),
  /** Meta's language code, e.g. `pt_BR`: a template exists once per language. */
  language: z.string(),
  category: z.string(),
  /** NAMED templates are sent with each value's `parameter_name`. */
  parameterFormat: z.enum(['POSITIONAL', 'NAMED']),
  header: z
    .object({
      format: z.enum(['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT']),
      /** A text header's text; null for a media header. */
      text: z.string().nullable(),
      /** The one variable a text header may have; null without one. */
      variable: z.string().nullable(),
    })
    .nullable(),
  body: z.string(),
  footer: z.string().nullable(),
  /** The body's variables, in the order the send lists their values. */
  variables: z.array(z.string()),
  /** URL buttons whose link ends in a variable: each needs its suffix. */
  buttons: z.array(z.object({ index: z.number(), text: z.string(), url: z.string() })),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
type TemplateHeader = NonNullable<MessageTemplate['header']>;

export const listTemplatesResponse = z.object({ templates: z.array(messageTemplateSchema) });

const MAX_TEMPLATE_VARIABLES = 20;
const MAX_TEMPLATE_BUTTONS = 10;

export const sendTemplateBody = z.object({
  name: requiredText(1, 512),
  language: requiredText(2, 15),
  /** The body variables' values, in the template's `variables` order. */
  parameters: z.array(requiredText(1, 1024)).max(MAX_TEMPLATE_VARIABLES),
  /** A text header's variable value, or a media header's https link or uploaded media id. */
  header: requiredText(1, 2048).optional(),
  /** The URL buttons' suffixes, in the template's `buttons` order. */
  buttons: z.array(requiredText(1, 2000)).max(MAX_TEMPLATE_BUTTONS).default([]),
});
export type SendTemplateBody = z.infer<typeof sendTemplateBody>;

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/**
 * A template text's variables in the order their values are sent: `1`..`n` (Meta numbers them from 1
 * without gaps, so the highest tells how many), or the names of a NAMED template as they first appear.
 */
export function templateVariables(text: string): string[] {
  const found = [...new Set([...text.matchAll(VARIABLE)].map((match) => match[1] ?? ''))];
  if (!found.every((name) => /^\d+$/.test(name))) return found;
  const highest = Math.max(0, ...found.map(Number));
  return Array.from({ length: highest }, (_, index) => String(index + 1));
}

/** A value not typed yet (empty) leaves its `{{variable}}` in place: the preview shows what is missing. */
const fill = (text: string, names: readonly string[], values: readonly (string | undefined)[]) =>
  text.replace(VARIABLE, (whole, name: string) => values[names.indexOf(name)] || whole);

/** A media header's source as Meta takes it: an uploaded media id (digits) or a public https link. */
export function templateMediaSource(value: string): { id: string } | { link: string } | undefined {
  if (/^\d+$/.test(value)) return { id: value };
  return /^https:\/\/[^\s/]+\.[^\s]+$/.test(value) ? { link: value } : undefined;
}

/** Whether the header needs a value on send: a media header always, a text header if it has a variable. */
export const templateHeaderNeedsValue = (header: TemplateHeader | null) =>
  header !== null && (header.format !== 'TEXT' || header.variable !== null);

/** Whether the values fit the template: one per variable and button, and a header value when it needs one. */
export function templateInputFits(
  template: MessageTemplate,
  input: Pick<SendTemplateBody, 'parameters' | 'header' | 'buttons'>,
): boolean {
  if (input.parameters.length !== template.variables.length) return false;
  if (input.buttons.length !== template.buttons.length) return false;
  if (!templateHeaderNeedsValue(template.header)) return input.header === undefined;
  if (input.header === undefined) return false;
  return template.header?.format === 'TEXT' || templateMediaSource(input.header) !== undefined;
}

/** What the customer reads as text: header and body with their variables filled, and the footer. */
export function renderTemplate(
  template: Pick<MessageTemplate, 'header' | 'body' | 'footer' | 'variables'>,
  input: Pick<SendTemplateBody, 'parameters' | 'header'>,
): string {
  const { header } = template;
  const headerText =
    header?.text && header.variable ? fill(header.text, [header.variable], [input.header]) : header?.text;
  const body = fill(template.body, template.variables, input.parameters);
  return [headerText, body, template.footer].filter(Boolean).join('\n\n');
}
