import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { contacts, messages, queueIntegrations, tickets } from '../db/schema/index.js';
import { tenant } from '../db/tenant.js';
import { handOver } from '../modules/tickets/tickets.handover.js';
import type { AppDeps } from '../platform/context.js';
import { postJson } from '../platform/outbound/post-json.js';
import { sendBotMessages } from './bot-messages.js';

export const WEBHOOK_JOB = 'integrations.webhook';

export interface WebhookJob {
  companyId: number;
  integrationId: number;
  ticketId: number;
  messageId: number;
  /** The same on every retry, so a receiver can drop a delivery it already handled. */
  deliveryId: string;
}

/** What the receiver may answer (docs/api.md): texts to send, and a queue or user to hand over to. */
interface WebhookAnswer {
  replies?: unknown;
  queueId?: unknown;
  userId?: unknown;
}

function signWebhook(secret: string, timestamp: string, body: string) {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** In a transaction (`tx`) the job commits with it; wake the worker after the commit. */
export function enqueueWebhook(deps: AppDeps, job: Omit<WebhookJob, 'deliveryId'>, tx?: Tx) {
  return deps.jobs.send<WebhookJob>(
    WEBHOOK_JOB,
    { ...job, deliveryId: randomUUID() },
    { retryLimit: 5, retryDelay: 5, retryBackoff: true },
    tx,
  );
}

const row = async <T>(query: Promise<T[]>) => (await query)[0];

/** One delivery of a `message.received` event; a failure throws, so the job system retries it. */
async function deliverWebhook(deps: AppDeps, job: WebhookJob) {
  const { companyId } = job;
  const integration = await row(
    deps.db
      .select()
      .from(queueIntegrations)
      .where(tenant(queueIntegrations, companyId, eq(queueIntegrations.id, job.integrationId))),
  );
  const ticket = await row(
    deps.db
      .select()
      .from(tickets)
      .where(tenant(tickets, companyId, eq(tickets.id, job.ticketId))),
  );
  const message = await row(
    deps.db
      .select()
      .from(messages)
      .where(tenant(messages, companyId, eq(messages.id, job.messageId))),
  );
  if (!integration || !ticket || !message || !integration.urlN8n) return;
  const contact = await row(
    deps.db
      .select()
      .from(contacts)
      .where(tenant(contacts, companyId, eq(contacts.id, ticket.contactId))),
  );
  const body = JSON.stringify({
    event: 'message.received',
    deliveryId: job.deliveryId,
    companyId,
    integration: { id: integration.id, name: integration.name, type: integration.type },
    ticket: {
      id: ticket.id,
      uuid: ticket.uuid,
      status: ticket.status,
      queueId: ticket.queueId,
      userId: ticket.userId,
      channel: ticket.channel,
    },
    contact: {
      id: ticket.contactId,
      name: contact?.name ?? '',
      number: contact?.number ?? null,
      email: contact?.email ?? '',
    },
    message: {
      id: message.id,
      body: message.body,
      fromMe: message.fromMe,
      createdAt: message.createdAt.toISOString(),
    },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const answer = await postJson<WebhookAnswer>(integration.urlN8n, body, {
    timeoutMs: deps.config.integrationTimeoutMs,
    addresses: deps.urlGuard,
    headers: {
      'x-balcao-event': 'message.received',
      'x-balcao-delivery': job.deliveryId,
      'x-balcao-timestamp': timestamp,
      'x-balcao-signature': signWebhook(integration.webhookSecret, timestamp, body),
    },
  });
  const replies = Array.isArray(answer.replies)
    ? answer.replies.filter((r): r is string => typeof r === 'string' && r.trim() !== '')
    : [];
  await sendBotMessages(
    deps,
    ticket,
    replies.map((r) => r.slice(0, 4096)),
  );
  const queueId = Number.isInteger(answer.queueId) ? (answer.queueId as number) : null;
  const userId = Number.isInteger(answer.userId) ? (answer.userId as number) : null;
  if (queueId !== null || userId !== null)
    await handOver(deps, ticket, { queueId: queueId ?? ticket.queueId, userId });
}

export async function registerIntegrationJobs(deps: AppDeps) {
  await deps.jobs.work<WebhookJob>(WEBHOOK_JOB, (job) => deliverWebhook(deps, job));
}
