import { z } from 'zod';
import { msg, pageNumber, plainText, requiredText } from '../validation.js';

export const integrationTypes = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type IntegrationType = (typeof integrationTypes)[number];
export const dialogflowLanguages = ['pt-BR', 'en', 'es'] as const;

const httpUrl = plainText(500)
  .trim()
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), msg.invalidValue);

/** A Google service account key as downloaded from the console: what detectIntent needs to sign in. */
export function isServiceAccountJson(value: string): boolean {
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    return typeof parsed.client_email === 'string' && typeof parsed.private_key === 'string';
  } catch {
    return false;
  }
}

const integrationFields = z.object({
  type: z.enum(integrationTypes, msg.required),
  name: requiredText(2, 50),
  projectName: plainText(100).trim().default(''),
  /** Dialogflow's service account key; left empty on update to keep the stored one. */
  jsonContent: plainText(20_000).trim().default(''),
  language: z.union([z.literal(''), z.enum(dialogflowLanguages)]).default(''),
  urlN8N: httpUrl.default(''),
  typebotSlug: plainText(200).trim().default(''),
  typebotExpires: z.number().int().min(0).max(10_080).default(1),
  typebotDelayMessage: z.number().int().min(0).max(60_000).default(1000),
  typebotKeywordFinish: plainText(100).trim().default(''),
  typebotKeywordRestart: plainText(100).trim().default(''),
  typebotRestartMessage: plainText(1000).default(''),
  typebotUnknownMessage: plainText(1000).default(''),
});

/** Spec 001 §5: what each type needs to work; `requireKey` is false when a stored key is kept. */
function checkIntegration(
  body: z.infer<typeof integrationFields>,
  ctx: z.RefinementCtx,
  requireKey: boolean,
) {
  const need = (path: string, ok: boolean, message: string = msg.required) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
  };
  if (body.type === 'dialogflow') {
    need('language', body.language !== '');
    need('projectName', body.projectName !== '');
    if (body.jsonContent || requireKey) {
      need('jsonContent', body.jsonContent !== '');
      if (body.jsonContent) need('jsonContent', isServiceAccountJson(body.jsonContent), msg.invalidValue);
    }
  } else {
    need('urlN8N', body.urlN8N !== '');
  }
  if (body.type === 'typebot') need('typebotSlug', body.typebotSlug !== '');
}

export const createIntegrationBody = integrationFields.superRefine((body, ctx) =>
  checkIntegration(body, ctx, true),
);
export type CreateIntegrationBody = z.infer<typeof createIntegrationBody>;
/** The dialog sends every field; an empty jsonContent keeps the stored key. */
export const updateIntegrationBody = integrationFields.superRefine((body, ctx) =>
  checkIntegration(body, ctx, false),
);
export type UpdateIntegrationBody = z.infer<typeof updateIntegrationBody>;

export const integrationSchema = z.object({
  id: z.number(),
  type: z.enum(integrationTypes),
  name: z.string(),
  projectName: z.string(),
  /** Whether a service account key is stored; the key itself never leaves the server. */
  hasJsonContent: z.boolean(),
  language: z.string(),
  urlN8N: z.string(),
  typebotSlug: z.string(),
  typebotExpires: z.number(),
  typebotDelayMessage: z.number(),
  typebotKeywordFinish: z.string(),
  typebotKeywordRestart: z.string(),
  typebotRestartMessage: z.string(),
  typebotUnknownMessage: z.string(),
  /** Signs webhook and n8n deliveries (X-Balcao-Signature); the receiver keeps a copy to check them. */
  webhookSecret: z.string(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const listIntegrationsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
});
export type ListIntegrationsQuery = z.infer<typeof listIntegrationsQuery>;
export const listIntegrationsResponse = z.object({
  queueIntegrations: z.array(integrationSchema),
  hasMore: z.boolean(),
  count: z.number(),
});

export const testSessionBody = z.object({
  /** An existing integration whose stored key is used when jsonContent is left empty. */
  id: z.number().int().positive().max(2_147_483_647).optional(),
  projectName: requiredText(1, 100),
  jsonContent: plainText(20_000).trim().default(''),
  language: z.enum(dialogflowLanguages, msg.required),
});
export type TestSessionBody = z.infer<typeof testSessionBody>;
export const testSessionResponse = z.object({ reply: z.string(), intent: z.string() });

export const integrationEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), record: integrationSchema }),
  z.object({ action: z.literal('delete'), id: z.number() }),
]);
export type IntegrationEvent = z.infer<typeof integrationEvent>;
