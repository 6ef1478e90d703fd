import { createIntegrationBody, type Integration, updateIntegrationBody } from '@balcao/shared';
import { z } from 'zod';

const numberText = z.coerce.number<string | number>();

type Body = z.input<typeof createIntegrationBody>;
export type IntegrationFormInput = Required<Omit<Body, 'typebotExpires' | 'typebotDelayMessage'>> & {
  typebotExpires: string | number;
  typebotDelayMessage: string | number;
};
export type IntegrationFormOutput = z.output<typeof createIntegrationBody>;

export function integrationDefaults(integration: Integration | null): IntegrationFormInput {
  return {
    type: integration?.type ?? 'typebot',
    name: integration?.name ?? '',
    projectName: integration?.projectName ?? '',
    // The stored key never comes back: blank keeps it.
    jsonContent: '',
    language: (integration?.language ?? '') as IntegrationFormInput['language'],
    urlN8N: integration?.urlN8N ?? '',
    typebotSlug: integration?.typebotSlug ?? '',
    typebotExpires: integration?.typebotExpires ?? 1,
    typebotDelayMessage: integration?.typebotDelayMessage ?? 1000,
    typebotKeywordFinish: integration?.typebotKeywordFinish ?? '',
    typebotKeywordRestart: integration?.typebotKeywordRestart ?? '',
    typebotRestartMessage: integration?.typebotRestartMessage ?? '',
    typebotUnknownMessage: integration?.typebotUnknownMessage ?? '',
  };
}

export const integrationFieldNames = Object.keys(integrationDefaults(null)) as (keyof IntegrationFormInput)[];

/** Number inputs hand over text; the contract then checks the whole form, type by type. */
export const integrationForm = (editing: boolean) =>
  z
    .looseObject({ typebotExpires: numberText, typebotDelayMessage: numberText })
    .pipe(
      (editing ? updateIntegrationBody : createIntegrationBody) as unknown as z.ZodType<
        IntegrationFormOutput,
        { typebotExpires: number; typebotDelayMessage: number }
      >,
    ) as unknown as z.ZodType<IntegrationFormOutput, IntegrationFormInput>;
