import { and, desc, eq, ne } from 'drizzle-orm';
import { contacts, messages, type prompts } from '../db/schema/index.js';
import { tenant } from '../db/tenant.js';
import { handOver } from '../modules/tickets/tickets.handover.js';
import type { AppDeps } from '../platform/context.js';
import { sendBotMessage, type TicketRow } from './bot-messages.js';
import { handled, type IntegrationOutcome } from './outcome.js';

type PromptRow = typeof prompts.$inferSelect;

/** The model starts its answer with this when a person must take over (the product's own convention). */
const TRANSFER_ACTION = 'Ação: Transferir para o setor de atendimento';

async function historyOf(deps: AppDeps, ticket: TicketRow, limit: number) {
  const rows = await deps.db
    .select({ body: messages.body, fromMe: messages.fromMe })
    .from(messages)
    .where(
      and(
        tenant(messages, ticket.companyId, eq(messages.ticketId, ticket.id)),
        eq(messages.isPrivate, false),
        eq(messages.isDeleted, false),
        ne(messages.body, ''),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse().map((row) => ({
    role: row.fromMe ? ('assistant' as const) : ('user' as const),
    content: row.body,
  }));
}

async function firstNameOf(deps: AppDeps, ticket: TicketRow) {
  const [contact] = await deps.db
    .select({ name: contacts.name })
    .from(contacts)
    .where(tenant(contacts, ticket.companyId, eq(contacts.id, ticket.contactId)));
  return contact?.name.split(' ')[0] ?? '';
}

const systemPrompt = (prompt: PromptRow, firstName: string) =>
  [
    prompt.prompt,
    `Você está conversando com ${firstName || 'um cliente'}; chame-o pelo primeiro nome.`,
    `Responda em no máximo ${prompt.maxTokens} tokens.`,
    `Quando o cliente pedir um atendente humano, ou você não puder ajudar, comece a resposta com "${TRANSFER_ACTION}".`,
  ].join('\n');

/** One turn of an OpenAI prompt: the last `maxMessages` of the ticket in, the model's answer out. */
export async function runPrompt(
  deps: AppDeps,
  ticket: TicketRow,
  prompt: PromptRow,
): Promise<IntegrationOutcome> {
  // The SDK (about 13 MiB) loads with the first prompt a company runs, not at start.
  const { default: OpenAI } = await import('openai');
  const client = new OpenAI({
    apiKey: deps.secrets.open(prompt.apiKey),
    baseURL: deps.config.openaiBaseUrl,
    timeout: deps.config.integrationTimeoutMs,
    maxRetries: 1,
  });
  const completion = await client.chat.completions.create({
    model: deps.config.openaiModel,
    messages: [
      { role: 'system', content: systemPrompt(prompt, await firstNameOf(deps, ticket)) },
      ...(await historyOf(deps, ticket, prompt.maxMessages)),
    ],
    max_tokens: prompt.maxTokens,
    temperature: prompt.temperature,
  });
  const answer = completion.choices[0]?.message.content?.trim() ?? '';
  if (answer.startsWith(TRANSFER_ACTION)) {
    const farewell = answer.slice(TRANSFER_ACTION.length).replace(/^[\s.:-]+/, '');
    if (farewell) await sendBotMessage(deps, ticket, farewell);
    const target = await handOver(deps, ticket, { queueId: prompt.queueId, userId: null });
    return target ? { outcome: 'handedOver', ...target } : handled;
  }
  if (answer) await sendBotMessage(deps, ticket, answer);
  return handled;
}
