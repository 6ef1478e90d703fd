import { and, desc, eq, lt } from 'drizzle-orm';
import { contacts, messages, type queueIntegrations, tickets } from '../db/schema/index.js';
import { tenant } from '../db/tenant.js';
import { handOver } from '../modules/tickets/tickets.handover.js';
import type { AppDeps } from '../platform/context.js';
import { IntegrationCallError, postJson } from '../platform/outbound/post-json.js';
import { sendBotMessage, sendBotMessages, type TicketRow } from './bot-messages.js';
import { handled, type InboundText, type IntegrationOutcome } from './outcome.js';

type IntegrationRow = typeof queueIntegrations.$inferSelect;

interface TypebotBubble {
  type: string;
  content?: { type?: string; markdown?: string; richText?: unknown[]; url?: string };
}
interface TypebotAnswer {
  sessionId?: string;
  messages?: TypebotBubble[];
  input?: unknown;
}

/** Plain text of a rich-text bubble (Slate nodes): its leaves, a line per top-level block. */
const plain = (nodes: unknown[]): string =>
  nodes
    .map((node) => {
      const n = node as { text?: string; children?: unknown[] };
      return n.text ?? plain(n.children ?? []);
    })
    .join('');

function textOf(bubble: TypebotBubble): string {
  if (bubble.type === 'text') {
    if (bubble.content?.markdown !== undefined) return bubble.content.markdown;
    return (bubble.content?.richText ?? []).map((block) => plain([block])).join('\n');
  }
  return bubble.content?.url ?? '';
}

/** A bubble starting with '#' is a command to the inbox, e.g. #{"queueId":3,"userId":7} or #{"stopBot":true}. */
function commandOf(text: string): { queueId?: number; userId?: number; stopBot?: boolean } | undefined {
  if (!text.trim().startsWith('#')) return undefined;
  try {
    const parsed = JSON.parse(text.trim().slice(1)) as Record<string, unknown>;
    return {
      queueId: Number.isInteger(parsed.queueId) ? (parsed.queueId as number) : undefined,
      userId: Number.isInteger(parsed.userId) ? (parsed.userId as number) : undefined,
      stopBot: parsed.stopBot === true,
    };
  } catch {
    return undefined;
  }
}

const base = (integration: IntegrationRow) => integration.urlN8n.replace(/\/+$/, '');

/** Idle longer than `typebotExpires` minutes since the message before this one: the flow starts over. */
async function sessionExpired(
  deps: AppDeps,
  ticket: TicketRow,
  integration: IntegrationRow,
  messageId: number,
) {
  if (integration.typebotExpires <= 0) return false;
  const [previous] = await deps.db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(tenant(messages, ticket.companyId, eq(messages.ticketId, ticket.id)), lt(messages.id, messageId)),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return !previous || Date.now() - previous.createdAt.getTime() > integration.typebotExpires * 60_000;
}

async function saveSession(deps: AppDeps, ticket: TicketRow, sessionId: string | null) {
  await deps.db
    .update(tickets)
    .set({ typebotSessionId: sessionId, typebotStatus: sessionId !== null })
    .where(tenant(tickets, ticket.companyId, eq(tickets.id, ticket.id)));
}

async function startChat(
  deps: AppDeps,
  ticket: TicketRow,
  integration: IntegrationRow,
): Promise<TypebotAnswer> {
  const [contact] = await deps.db
    .select()
    .from(contacts)
    .where(tenant(contacts, ticket.companyId, eq(contacts.id, ticket.contactId)));
  return postJson<TypebotAnswer>(
    `${base(integration)}/api/v1/typebots/${encodeURIComponent(integration.typebotSlug)}/startChat`,
    {
      isStreamEnabled: false,
      textBubbleContentFormat: 'markdown',
      prefilledVariables: {
        number: contact?.number ?? '',
        pushName: contact?.name ?? '',
        firstName: contact?.name.split(' ')[0] ?? '',
        ticketId: ticket.id,
      },
    },
    { timeoutMs: deps.config.integrationTimeoutMs, addresses: deps.urlGuard },
  );
}

const continueChat = (deps: AppDeps, integration: IntegrationRow, sessionId: string, text: string) =>
  postJson<TypebotAnswer>(
    `${base(integration)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
    { message: { type: 'text', text }, textBubbleContentFormat: 'markdown' },
    { timeoutMs: deps.config.integrationTimeoutMs, addresses: deps.urlGuard },
  );

const sameWord = (a: string, b: string) => b !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();

/** One customer message through a Typebot flow (its v1 chat API: startChat, then continueChat). */
export async function runTypebot(
  deps: AppDeps,
  ticket: TicketRow,
  message: InboundText,
  integration: IntegrationRow,
): Promise<IntegrationOutcome> {
  if (sameWord(message.body, integration.typebotKeywordFinish)) {
    const target = await handOver(deps, ticket, { queueId: ticket.queueId, userId: null });
    return target ? { outcome: 'handedOver', ...target } : handled;
  }
  if (sameWord(message.body, integration.typebotKeywordRestart)) {
    await saveSession(deps, ticket, null);
    if (integration.typebotRestartMessage)
      await sendBotMessage(deps, ticket, integration.typebotRestartMessage);
    return handled;
  }
  let answer: TypebotAnswer;
  const fresh = !ticket.typebotSessionId || (await sessionExpired(deps, ticket, integration, message.id));
  if (fresh) {
    answer = await startChat(deps, ticket, integration);
  } else {
    answer = await continueChat(deps, integration, ticket.typebotSessionId as string, message.body).catch(
      async (error: unknown) => {
        // Typebot forgets sessions of its own accord: one it no longer knows starts over.
        if (!(error instanceof IntegrationCallError)) throw error;
        return startChat(deps, ticket, integration);
      },
    );
  }
  if (answer.sessionId) await saveSession(deps, ticket, answer.sessionId);

  const texts = (answer.messages ?? []).map(textOf).filter((text) => text.trim() !== '');
  const commandAt = texts.findIndex((text) => commandOf(text) !== undefined);
  const said = commandAt === -1 ? texts : texts.slice(0, commandAt);
  if (said.length === 0 && commandAt === -1 && !fresh && integration.typebotUnknownMessage) {
    said.push(integration.typebotUnknownMessage);
  }
  await sendBotMessages(deps, ticket, said, integration.typebotDelayMessage);
  if (commandAt === -1) return handled;
  const command = commandOf(texts[commandAt] as string) ?? {};
  const target = await handOver(deps, ticket, {
    queueId: command.queueId ?? ticket.queueId,
    userId: command.stopBot ? null : (command.userId ?? null),
  });
  return target ? { outcome: 'handedOver', ...target } : handled;
}
