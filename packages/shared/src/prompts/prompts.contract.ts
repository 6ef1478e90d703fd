import { z } from 'zod';
import { MAX_ID, msg, pageNumber, plainText, requiredText } from '../validation.js';

/** 'texto' answers in text; the others are Azure's Brazilian neural voices (spec 001 §3). */
export const promptVoices = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
  'pt-BR-ThalitaNeural',
] as const;

/** How a stored key is shown: never the key, only enough to recognise it. */
export const maskSecret = (value: string) => (value ? `••••${value.slice(-4)}` : '');

const promptFields = {
  name: requiredText(1, 100),
  prompt: requiredText(1, 10_000),
  voice: z.enum(promptVoices).default('texto'),
  voiceKey: plainText(500).trim().default(''),
  voiceRegion: plainText(100).trim().default(''),
  maxTokens: z.number().int().min(10).max(16_000).default(100),
  temperature: z.number().min(0).max(2).default(1),
  apiKey: plainText(500).trim(),
  /** Where the assistant transfers the ticket: required ('Informe o setor'). */
  queueId: z.number({ error: msg.sectorRequired }).int().positive().max(MAX_ID),
  maxMessages: z.number().int().min(1).max(50).default(10),
};

export const createPromptBody = z.object({
  ...promptFields,
  apiKey: requiredText(1, 500),
});
export type CreatePromptBody = z.infer<typeof createPromptBody>;
/** The same form; an empty (or still masked) apiKey or voiceKey keeps the stored one. */
export const updatePromptBody = z.object({ ...promptFields, apiKey: promptFields.apiKey.default('') });
export type UpdatePromptBody = z.infer<typeof updatePromptBody>;

export const promptSchema = z.object({
  id: z.number(),
  name: z.string(),
  prompt: z.string(),
  voice: z.string(),
  /** Masked (`maskSecret`). */
  voiceKey: z.string(),
  voiceRegion: z.string(),
  maxTokens: z.number(),
  temperature: z.number(),
  /** Masked (`maskSecret`): the key is stored encrypted and never sent back. */
  apiKey: z.string(),
  queueId: z.number().nullable(),
  maxMessages: z.number(),
  queue: z.object({ name: z.string() }).nullable(),
});
export type Prompt = z.infer<typeof promptSchema>;

export const listPromptsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
});
export type ListPromptsQuery = z.infer<typeof listPromptsQuery>;
export const listPromptsResponse = z.object({
  prompts: z.array(promptSchema),
  hasMore: z.boolean(),
  count: z.number(),
});

export const promptEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), record: promptSchema }),
  z.object({ action: z.literal('delete'), id: z.number() }),
]);
export type PromptEvent = z.infer<typeof promptEvent>;
