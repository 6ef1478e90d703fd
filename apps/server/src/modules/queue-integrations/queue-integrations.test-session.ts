import { isServiceAccountJson, type TestSessionBody } from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { detectIntent, type ServiceAccount } from './queue-integrations.dialogflow.js';
import { findIntegration } from './queue-integrations.queries.js';

/** The stored key of an existing integration when the dialog left the field empty. */
async function keyOf(ctx: Ctx, input: TestSessionBody): Promise<string> {
  if (input.jsonContent) return input.jsonContent;
  const row = input.id ? await findIntegration(ctx.db, ctx.companyId, input.id) : undefined;
  if (input.id && !row) throw new AppError('ERR_NO_INTEGRATION_FOUND');
  const stored = row?.jsonContent ? ctx.secrets.open(row.jsonContent) : '';
  if (!stored)
    throw new AppError('ERR_VALIDATION', 'A service account key is required', { jsonContent: 'required' });
  return stored;
}

/** POST /queueIntegration/testSession: one detectIntent with a greeting, answering what the agent said. */
export async function testDialogflowSession(ctx: Ctx, input: TestSessionBody) {
  const json = await keyOf(ctx, input);
  if (!isServiceAccountJson(json)) {
    throw new AppError('ERR_VALIDATION', 'Not a service account key', { jsonContent: 'invalidValue' });
  }
  try {
    const result = await detectIntent(ctx.config, {
      account: JSON.parse(json) as ServiceAccount,
      projectName: input.projectName,
      language: input.language,
      sessionId: `test-${ctx.companyId}-${ctx.actor.userId}`,
      text: 'Olá',
    });
    return { reply: result.replies.join('\n'), intent: result.intent };
  } catch (error) {
    ctx.log.warn({ type: (error as Error).name }, 'dialogflow test session failed');
    throw new AppError('ERR_INTEGRATION_TEST_FAILED');
  }
}
