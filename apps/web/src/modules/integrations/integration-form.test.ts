import { describe, expect, test } from 'vitest';
import { integrationDefaults, integrationForm } from './integration-form';

const issuesOf = (editing: boolean, values: object) => {
  const result = integrationForm(editing).safeParse({ ...integrationDefaults(null), ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the integration dialog form', () => {
  test('a Typebot needs its URL and flow name; number inputs arrive as text', () => {
    expect(issuesOf(false, { name: 'Bot' })).toEqual({ urlN8N: 'required', typebotSlug: 'required' });
    expect(
      issuesOf(false, { name: 'Bot', urlN8N: 'https://typebot.io', typebotSlug: 'f', typebotExpires: '5' }),
    ).toEqual({});
  });

  test('Dialogflow needs a key on creation, not when editing one that has it', () => {
    const dialogflow = { type: 'dialogflow', name: 'Agente', projectName: 'p', language: 'pt-BR' };

    expect(issuesOf(false, dialogflow)).toEqual({ jsonContent: 'required' });
    expect(issuesOf(true, dialogflow)).toEqual({});
  });
});
