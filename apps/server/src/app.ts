import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { serverRoot } from './db/migrate.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { companiesRoutes } from './modules/companies/companies.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { registerUserJobs } from './modules/users/users.jobs.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { trackPresence } from './modules/users/users.socket.js';
import { createActorLoader } from './platform/auth/actor.js';
import { registerAuthentication } from './platform/auth/authenticate.js';
import { createTokenSigner } from './platform/auth/tokens.js';
import type { AppDeps } from './platform/context.js';
import { registerErrorHandler } from './platform/errors.js';
import { startJobs } from './platform/jobs/jobs.js';
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
  /** Start pg-boss and the background jobs (the server does; most tests don't need them). */
  jobs?: boolean;
}

/** The whole server: HTTP API, realtime and jobs on one database. Tests build it too. */
export async function buildApp({
  config,
  database,
  jobs: withJobs = false,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: config.maxUploadBytes, files: 10 } });

  const db = database.db;
  const secret = await loadSecret(db, 'jwt', config.jwtSecret);
  const tokens = createTokenSigner(secret, config.accessTokenTtl);
  const actors = createActorLoader(db);
  const live = createRealtime({ server: app.server, tokens, actors, pool: database.pool });
  const deps: AppDeps = {
    config,
    database,
    db,
    tokens,
    actors,
    realtime: live.realtime,
    storage: createDiskStorage(config.mediaDir),
    links: createMediaLinks(`${secret}:media`),
  };
  if (withJobs) deps.jobs = await startJobs(database.executeSql, (error) => app.log.error(error));
  app.decorate('deps', deps);
  await serveWebApp(app, config.webDist ?? join(serverRoot(), '../web/dist'));
  await app.register(healthRoutes);
  await app.register(mediaRoutes(deps));
  // The API lives in its own context so its session check never touches the web app's files.
  await app.register(async (api) => {
    registerAuthentication(api, { tokens, actors });
    await api.register(authRoutes(deps));
    await api.register(plansRoutes(deps));
    await api.register(companiesRoutes(deps));
    await api.register(settingsRoutes(deps));
    await api.register(usersRoutes(deps));
  });

  live.onSocket(trackPresence(deps));
  if (deps.jobs) await registerUserJobs(deps, deps.jobs);

  app.addHook('onClose', async () => {
    live.io.disconnectSockets(true);
    await deps.jobs?.stop();
  });
  return app;
}
