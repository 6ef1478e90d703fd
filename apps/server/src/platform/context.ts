import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Db, Tx } from '../db/client.js';
import type { connections, tickets } from '../db/schema/index.js';
import type { ActorLoader, RequestActor } from './auth/actor.js';
import type { TokenSigner } from './auth/tokens.js';
import type { Jobs } from './jobs/jobs.js';
import type { Metrics } from './metrics/metrics.js';
import type { UrlGuard } from './outbound/url-guard.js';
import type { ChannelRegistry } from './ports/channel-adapter.js';
import type { ProviderConnections } from './provider-connections.js';
import type { Realtime } from './realtime/realtime.js';
import type { SecretBox } from './secret-box.js';
import type { MediaLinks } from './storage/media-links.js';
import type { MediaStorage } from './storage/storage.js';

/** Everything a service may use, built once per app; nothing is reached through a global. */
export interface AppDeps {
  config: Config;
  log: FastifyBaseLogger;
  database: Database;
  db: Db;
  realtime: Realtime;
  storage: MediaStorage;
  links: MediaLinks;
  tokens: TokenSigner;
  actors: ActorLoader;
  jobs: Jobs;
  /** This process's outbox worker: `wake` when a message was stored, rather than at its next poll. */
  outbox: { wake(): void };
  /** Seals credentials of outside services before they are stored. */
  secrets: SecretBox;
  /** Connections by the id a provider's webhook names them with, cached across deliveries. */
  providerConnections: ProviderConnections;
  /** Outbound adapters by channel name. */
  channels: ChannelRegistry;
  /** The clock of every automation timer and service-hours check; tests set it. */
  now: () => Date;
  /** Waits `ms` of that clock: a campaign's pacing; tests that set `now` advance it here instead. */
  sleep: (ms: number) => Promise<void>;
  /** Names this server process where processes share work: WhatsApp session leases, delivery claims. */
  processId: string;
  /** Checks, and pins at call time, the URLs company users point the server at (webhook, n8n, Typebot). */
  urlGuard: UrlGuard;
  /** Counts for an operator's graphs (Prometheus when METRICS_TOKEN is set). */
  metrics: Metrics;
  /** Bot engines outside the inbox (webhook, Typebot, Dialogflow, OpenAI) the chatbot hands over to. */
  integrations: Integrations;
}

/** A service call on behalf of a signed-in user. */
export interface Ctx extends AppDeps {
  actor: RequestActor;
  companyId: number;
  sessionId?: string;
  /** The caller's address as the audit log records it (behind TRUST_PROXY, the forwarded one). */
  ip?: string;
}

export function contextOf(deps: AppDeps, request: FastifyRequest): Ctx {
  return {
    ...deps,
    actor: request.actor,
    companyId: request.actor.companyId,
    sessionId: request.sessionId,
    ip: request.ip,
  };
}

/**
 * Where the chatbot hands a conversation to an engine outside the inbox: the connection's or queue's
 * integration or prompt, or an option of type "integration". The engines (webhook, n8n, Typebot,
 * Dialogflow, OpenAI) implement this and are set as `deps.integrations`.
 */
interface IntegrationRun {
  companyId: number;
  ticket: typeof tickets.$inferSelect;
  connection: typeof connections.$inferSelect;
  /** The customer's message that triggered the run. */
  message: { id: number; body: string; mediaType: string | null; queuedFor?: number };
  /** Which engine: a queue integration or a prompt; at least one of them is set. */
  integrationId: number | null;
  promptId: number | null;
}

export interface Integrations {
  /**
   * Runs the engine on the message. Answers 'handled' when the engine answered (or will answer) the
   * customer, so the menu stays silent; 'skipped' lets the menu run as if there were no engine.
   */
  runIntegration(deps: AppDeps, run: IntegrationRun): Promise<'handled' | 'skipped'>;
  /**
   * Queues, in the intake's transaction, the customer's messages to tickets held by an engine reached
   * through a job (webhook, n8n), so a crash after the commit still delivers them. Answers, by message
   * id, the integration each was queued for (runIntegration then queues it no more), and how to wake
   * the job's worker once the transaction has committed.
   */
  queueHeldMessages(
    deps: AppDeps,
    tx: Tx,
    held: HeldMessage[],
  ): Promise<{ queuedFor: Map<number, number>; wake: () => void }>;
}

/** A customer's message just stored, and its ticket as the message's update left it. */
export interface HeldMessage {
  ticket: typeof tickets.$inferSelect;
  message: { id: number; body: string };
}
