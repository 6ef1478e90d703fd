import { z } from 'zod';

export const planFlagKeys = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;
export type PlanFlag = (typeof planFlagKeys)[number];
export type PlanFlags = Record<PlanFlag, boolean>;

export const planSchema = z.object({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  /** Price in cents of BRL. */
  amount: z.number(),
  isPublic: z.boolean(),
  useWhatsapp: z.boolean(),
  useFacebook: z.boolean(),
  useInstagram: z.boolean(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

export const publicPlansResponse = z.array(planSchema);
