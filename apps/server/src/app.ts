import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { attachWebchat } from './channels/webchat/webchat.channel.js';
import { webchatRoutes } from './channels/webchat/webchat.routes.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { serverRoot } from './db/migrate.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { companiesRoutes } from './modules/companies/companies.routes.js';
import { connectionsRoutes } from './modules/connections/connections.routes.js';
import { contactAudience } from './modules/contacts/contacts.events.js';
import { registerContactJobs } from './modules/contacts/contacts.import.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { registerDeliveryJobs } from './modules/messages/messages.delivery.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { chatbotsRoutes } from './modules/queues/chatbots.routes.js';
import { queuesRoutes } from './modules/queues/queues.routes.js';
import { quickMessageAudience } from './modules/quick-messages/quick-messages.events.js';
import { quickMessagesRoutes } from './modules/quick-messages/quick-messages.routes.js';
import { schedulesRoutes } from './modules/schedules/schedules.routes.js';
import { registerScheduleJobs } from './modules/schedules/schedules.sender.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { tagsRoutes } from './modules/tags/tags.routes.js';
import { ticketNotesRoutes } from './modules/ticket-notes/ticket-notes.routes.js';
import { ticketAudienceOf } from './modules/tickets/tickets.audience.js';
import { ticketsRoutes } from './modules/tickets/tickets.routes.js';
import { ticketRooms } from './modules/tickets/tickets.socket.js';
import { userAudience } from './modules/users/users.events.js';
import { registerUserJobs } from './modules/users/users.jobs.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { trackPresence } from './modules/users/users.socket.js';
import { createActorLoader } from './platform/auth/actor.js';
import { registerAuthentication, requireDeclaredGates } from './platform/auth/authenticate.js';
import { createTokenSigner } from './platform/auth/tokens.js';
import type { AppDeps } from './platform/context.js';
import { loggableError, registerErrorHandler } from './platform/errors.js';
import { neverStoreAnswers, registerSecurityHeaders } from './platform/headers.js';
import { startJobs } from './platform/jobs/jobs.js';
import { registerRateLimitSweep } from './platform/rate-limit.js';
import { createRealtime } from './platform/realtime/realtime.js';
import { loadSecret } from './platform/secrets.js';
import { mediaRoutes } from './platform/storage/media.routes.js';
import { createMediaLinks } from './platform/storage/media-links.js';
import { createDiskStorage } from './platform/storage/storage.js';
import { serveWebApp } from './platform/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
}

/** The whole server: HTTP API, realtime and jobs on one database. Tests build it too. */
export async function buildApp({ config, database }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Query strings carry search terms and tokens: requests are logged by path only.
            serializers: { req: (req) => ({ method: req.method, url: req.url.split('?')[0] }) },
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  requireDeclaredGates(app);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config.publicUrl);
  await app.register(fastifyCompress);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: config.maxUploadBytes, files: 10 } });

  const db = database.db;
  const secret = await loadSecret(db, 'jwt', config.jwtSecret);
  const tokens = createTokenSigner(secret, config.accessTokenTtl);
  const actors = createActorLoader(db);
  const live = createRealtime({ server: app.server, tokens, actors, pool: database.pool });
  const jobs = await startJobs(database.executeSql, (error) =>
    app.log.error(loggableError(error), 'job failed'),
  );
  const deps: AppDeps = {
    config,
    log: app.log,
    database,
    db,
    tokens,
    actors,
    realtime: live.realtime,
    storage: createDiskStorage(config.mediaDir),
    links: createMediaLinks(`${secret}:media`),
    jobs,
    channels: new Map(),
  };
  deps.channels.set('webchat', attachWebchat(live.io, deps));
  app.decorate('deps', deps);
  await serveWebApp(app, config.webDist ?? join(serverRoot(), '../web/dist'));
  // After the web app's page hook, so a browser navigation gets the page rather than a 401.
  registerAuthentication(app, { tokens, actors });
  await app.register(healthRoutes);
  await app.register(mediaRoutes(deps));
  await app.register(async (api) => {
    neverStoreAnswers(api);
    await api.register(authRoutes(deps));
    await api.register(plansRoutes(deps));
    await api.register(companiesRoutes(deps));
    await api.register(settingsRoutes(deps));
    await api.register(usersRoutes(deps));
    await api.register(queuesRoutes(deps));
    await api.register(chatbotsRoutes(deps));
    await api.register(connectionsRoutes(deps));
    await api.register(contactsRoutes(deps));
    await api.register(ticketsRoutes(deps));
    await api.register(ticketNotesRoutes(deps));
    await api.register(messagesRoutes(deps));
    await api.register(webchatRoutes(deps));
    await api.register(tagsRoutes(deps));
    await api.register(quickMessagesRoutes(deps));
    await api.register(schedulesRoutes(deps));
  });

  live.onAudience(ticketAudienceOf(db));
  live.onAudience(userAudience);
  live.onAudience(quickMessageAudience);
  live.onAudience(contactAudience);
  live.onSocket(trackPresence(deps));
  live.onSocket(ticketRooms(deps));
  await registerUserJobs(deps);
  await registerDeliveryJobs(deps);
  await registerContactJobs(deps);
  await registerScheduleJobs(deps);
  await registerRateLimitSweep(deps);

  app.addHook('onClose', async () => {
    // Also releases the socket adapter's listening connection; the HTTP server is already closed.
    await new Promise<void>((resolve) => live.io.close(() => resolve()));
    await jobs.stop();
  });
  return app;
}
