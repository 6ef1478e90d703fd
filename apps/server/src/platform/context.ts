import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ChannelRegistry } from '../channels/channel.js';
import type { ProviderConnections } from '../channels/graph/graph.connections.js';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { Integrations } from '../inbox/integrations.js';
import type { Outbox } from '../modules/messages/messages.outbox-worker.js';
import type { ActorLoader, RequestActor } from './auth/actor.js';
import type { TokenSigner } from './auth/tokens.js';
import type { Jobs } from './jobs/jobs.js';
import type { UrlGuard } from './outbound/url-guard.js';
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
  /** This process's sender of stored outbound messages. */
  outbox: Pick<Outbox, 'wake'>;
  /** Seals credentials of outside services before they are stored. */
  secrets: SecretBox;
  /** Connections by the id a provider's webhook names them with, cached across deliveries. */
  providerConnections: ProviderConnections;
  /** Outbound adapters by channel name. */
  channels: ChannelRegistry;
  /** The clock of every automation timer and service-hours check; tests set it. */
  now: () => Date;
  /** Names this server process where processes share work: WhatsApp session leases, delivery claims. */
  processId: string;
  /** Checks, and pins at call time, the URLs company users point the server at (webhook, n8n, Typebot). */
  urlGuard: UrlGuard;
  /** Bot engines outside the inbox (webhook, Typebot, Dialogflow, OpenAI) the chatbot hands over to. */
  integrations: Integrations;
}

/** A service call on behalf of a signed-in user. */
export interface Ctx extends AppDeps {
  actor: RequestActor;
  companyId: number;
  sessionId?: string;
}

export function contextOf(deps: AppDeps, request: FastifyRequest): Ctx {
  return { ...deps, actor: request.actor, companyId: request.actor.companyId, sessionId: request.sessionId };
}
