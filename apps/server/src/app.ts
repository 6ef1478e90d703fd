import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { APP_VERSION_EVENT, CALLS_NAMESPACE, WEBCHAT_NAMESPACE } from '@balcao/shared';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createBaileysAdapter } from './channels/baileys/baileys.adapter.js';
import { createLease } from './channels/baileys/baileys.lease.js';
import { registerLogoutJob } from './channels/baileys/baileys.logout.js';
import { baileysRoutes } from './channels/baileys/baileys.routes.js';
import { createWhatsappSessions, type WhatsappSessions } from './channels/baileys/baileys.sessions.js';
import { createBaileysFactory, type SocketFactory } from './channels/baileys/baileys.socket.js';
import { sessionAudience } from './channels/baileys/baileys.status.js';
import { registerTimelinePrune } from './channels/baileys/baileys.timeline-retention.js';
import { registerMetaChannels } from './channels/graph/meta.channels.js';
import { attachWebchat } from './channels/webchat/webchat.channel.js';
import { webchatRoutes } from './channels/webchat/webchat.routes.js';
import { webchatUploadRoutes } from './channels/webchat/webchat.uploads.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { serverRoot } from './db/migrate.js';
import { intakeSettled } from './inbox/intake-queue.js';
import { registerInboxJobs } from './inbox/timers.js';
import { integrationEngine } from './integrations/engine.js';
import { registerIntegrationJobs } from './integrations/webhook.js';
import { announcementAudience } from './modules/announcements/announcements.events.js';
import { announcementsRoutes } from './modules/announcements/announcements.routes.js';
import { registerAuditPrune } from './modules/audit/audit.retention.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { registerInvoiceJob } from './modules/billing/invoices.jobs.js';
import { CALL_FLOOD_MAX_EVENTS, callRelay } from './modules/calls/calls.socket.js';
import { campaignDispatchRoutes } from './modules/campaigns/campaigns.dispatch.routes.js';
import { registerCampaignDispatch } from './modules/campaigns/campaigns.dispatcher.js';
import { campaignManagersAudience } from './modules/campaigns/campaigns.events.js';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.js';
import { chatsRoutes } from './modules/chats/chats.routes.js';
import { companiesAdminRoutes } from './modules/companies/companies.admin-routes.js';
import { companiesRoutes } from './modules/companies/companies.routes.js';
import { connectionBudgetRoutes } from './modules/connections/connections.budget.routes.js';
import { connectionsRoutes } from './modules/connections/connections.routes.js';
import { sealClearWavoipTokens } from './modules/connections/connections.secrets.js';
import { registerContactListCheck } from './modules/contact-lists/contact-lists.check.js';
import { contactListAudience } from './modules/contact-lists/contact-lists.events.js';
import { registerContactListImport } from './modules/contact-lists/contact-lists.import.js';
import { contactListsRoutes } from './modules/contact-lists/contact-lists.routes.js';
import { contactAudience } from './modules/contacts/contacts.events.js';
import { registerContactJobs } from './modules/contacts/contacts.import.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { externalApiRoutes } from './modules/external-api/external-api.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { healthRoutes, type Readiness } from './modules/health/health.routes.js';
import { helpsRoutes } from './modules/helps/helps.routes.js';
import { kanbanRoutes } from './modules/kanban/kanban.routes.js';
import { registerChannelReactionJobs } from './modules/messages/messages.channel-reactions.js';
import { createOutbox } from './modules/messages/messages.outbox-worker.js';
import { typingRelay } from './modules/messages/messages.presence.js';
import { registerReadReceiptJobs } from './modules/messages/messages.read-receipts.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { plansAdminRoutes } from './modules/plans/plans.admin-routes.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { plantaoRoutes } from './modules/plantao/plantao.routes.js';
import { promptsRoutes } from './modules/prompts/prompts.routes.js';
import { integrationManagersAudience } from './modules/queue-integrations/integrations.audience.js';
import { queueIntegrationsRoutes } from './modules/queue-integrations/queue-integrations.routes.js';
import { chatbotsRoutes } from './modules/queues/chatbots.routes.js';
import { queuesRoutes } from './modules/queues/queues.routes.js';
import { quickMessageAudience } from './modules/quick-messages/quick-messages.events.js';
import { quickMessagesRoutes } from './modules/quick-messages/quick-messages.routes.js';
import { registerRecoveryJobs } from './modules/recovery/recovery.delivery.js';
import { recoveryRoutes } from './modules/recovery/recovery.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { scheduleAudience } from './modules/schedules/schedules.events.js';
import { schedulesRoutes } from './modules/schedules/schedules.routes.js';
import { registerScheduleJobs } from './modules/schedules/schedules.sender.js';
import { readCompanySettings } from './modules/settings/settings.queries.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { tagsRoutes } from './modules/tags/tags.routes.js';
import { ticketNotesRoutes } from './modules/ticket-notes/ticket-notes.routes.js';
import { ticketAudienceOf } from './modules/tickets/tickets.audience.js';
import { ticketsRoutes } from './modules/tickets/tickets.routes.js';
import { ticketRooms } from './modules/tickets/tickets.socket.js';
import { ticketzImportAudience } from './modules/ticketz-import/ticketz-import.events.js';
import { registerTicketzImportJobs } from './modules/ticketz-import/ticketz-import.job.js';
import { ticketzImportRoutes } from './modules/ticketz-import/ticketz-import.routes.js';
import { userAudience } from './modules/users/users.events.js';
import { registerUserJobs } from './modules/users/users.jobs.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { trackPresence } from './modules/users/users.socket.js';
import { createActorLoader } from './platform/auth/actor.js';
import { registerAuthentication, requireDeclaredGates } from './platform/auth/authenticate.js';
import { createTokenSigner } from './platform/auth/tokens.js';
import { listenForControl } from './platform/backup/control-socket.js';
import type { AppDeps } from './platform/context.js';
import { loggableError, registerErrorHandler } from './platform/errors.js';
import { neverStoreAnswers, registerSecurityHeaders } from './platform/headers.js';
import { startJobs } from './platform/jobs/jobs.js';
import { acceptEmptyJsonBodies } from './platform/json-body.js';
import { noMetrics } from './platform/metrics/metrics.js';
import { registerPrometheus } from './platform/metrics/prometheus.js';
import { openApiRoutes } from './platform/openapi.js';
import { createUrlGuard } from './platform/outbound/url-guard.js';
import { createProviderConnections } from './platform/provider-connections.js';
import { registerRateLimitSweep } from './platform/rate-limit.js';
import { createRealtime } from './platform/realtime/realtime.js';
import { createSecretBox } from './platform/secret-box.js';
import { loadSecret } from './platform/secrets.js';
import { mediaRoutes } from './platform/storage/media.routes.js';
import { createMediaLinks } from './platform/storage/media-links.js';
import { createMediaStorage } from './platform/storage/media-storage.js';
import { serveWebApp, webBuildId } from './platform/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    whatsapp: WhatsappSessions;
    /** Set `draining` before closing: /ready answers 503 so a load balancer stops sending work here. */
    readiness: Readiness;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** How WhatsApp sockets are made: real WhatsApp Web unless a harness is given (tests). */
  whatsappSockets?: SocketFactory;
  /** Names this process in session leases; unique per process by default. */
  processId?: string;
}

/** The whole server: HTTP API, realtime and jobs on one database. Tests build it too. */
export async function buildApp({
  config,
  database,
  whatsappSockets,
  processId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
}: BuildOptions): Promise<FastifyInstance> {
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
    // Spec clients write `/contacts/` as often as `/contacts`.
    routerOptions: { ignoreTrailingSlash: true },
  });
  acceptEmptyJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  requireDeclaredGates(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config.publicUrl, config.meta.appId ? config.meta.sdkUrl : undefined);
  await app.register(fastifyCompress);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: config.maxUploadBytes, files: 10 } });

  const db = database.db;
  const secret = await loadSecret(db, 'jwt', config.jwtSecret);
  const tokens = createTokenSigner(secret, config.accessTokenTtl);
  const actors = createActorLoader(db, readCompanySettings);
  const stopFollowingActors = await actors.follow(database.listen);
  const providerConnections = createProviderConnections(db);
  const stopFollowingConnections = await providerConnections.follow(database.listen);
  const live = createRealtime({
    server: app.server,
    tokens,
    actors,
    pool: database.pool,
    heartbeatMs: config.realtimeHeartbeatMs,
  });
  const jobs = await startJobs(database.executeSql, (error) =>
    app.log.error(loggableError(error), 'job failed'),
  );
  const outbox = createOutbox();
  const metrics = config.metricsToken
    ? await registerPrometheus(app, config.metricsToken, {
        database,
        sockets: () => live.io.engine.clientsCount,
      })
    : noMetrics;
  const deps: AppDeps = {
    config,
    log: app.log,
    database,
    db,
    tokens,
    actors,
    realtime: live.realtime,
    storage: await createMediaStorage(config),
    links: createMediaLinks(`${secret}:media`, config.publicUrl),
    jobs,
    outbox,
    secrets: createSecretBox(await loadSecret(db, 'secret-box', config.secretBoxKey)),
    providerConnections,
    channels: new Map(),
    now: () => new Date(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    processId,
    integrations: integrationEngine,
    metrics,
    urlGuard: createUrlGuard({ allowPrivate: config.allowPrivateIntegrationUrls }),
  };
  await sealClearWavoipTokens(deps);
  deps.channels.set('webchat', attachWebchat(live.io, deps));
  const whatsappFactory =
    whatsappSockets ??
    createBaileysFactory({
      version: config.whatsapp.version,
      appName: config.whatsapp.deviceName,
      socketUrl: config.whatsapp.socketUrl,
      logger: app.log.child({ module: 'baileys' }, { level: 'warn' }),
    });
  const whatsapp = createWhatsappSessions(deps, {
    factory: whatsappFactory,
    lease: createLease(db, processId, config.whatsapp.leaseSeconds),
    leaseSeconds: config.whatsapp.leaseSeconds,
    retryBaseMs: config.whatsapp.retryBaseMs,
  });
  deps.channels.set('whatsapp', createBaileysAdapter(deps, whatsapp));
  const metaRoutes = await registerMetaChannels(deps);
  app.decorate('deps', deps);
  app.decorate('whatsapp', whatsapp);
  const readiness: Readiness = { draining: false };
  app.decorate('readiness', readiness);
  const webDist = config.webDist ?? join(serverRoot(), '../web/dist');
  await serveWebApp(app, webDist);
  const build = webBuildId(webDist);
  // After the web app's page hook, so a browser navigation gets the page rather than a 401.
  registerAuthentication(app, { tokens, actors, now: () => deps.now() });
  await app.register(healthRoutes(database, deps.storage, readiness));
  await app.register(openApiRoutes);
  await app.register(mediaRoutes(deps));
  await app.register(async (api) => {
    neverStoreAnswers(api);
    await api.register(authRoutes(deps));
    await api.register(twoFactorRoutes(deps));
    await api.register(plansRoutes(deps));
    await api.register(companiesRoutes(deps));
    await api.register(companiesAdminRoutes(deps));
    await api.register(ticketzImportRoutes(deps));
    await api.register(plansAdminRoutes(deps));
    await api.register(settingsRoutes(deps));
    await api.register(usersRoutes(deps));
    await api.register(queuesRoutes(deps));
    await api.register(chatbotsRoutes(deps));
    await api.register(connectionsRoutes(deps));
    await api.register(contactsRoutes(deps));
    await api.register(ticketsRoutes(deps));
    await api.register(reportsRoutes(deps));
    await api.register(auditRoutes(deps));
    await api.register(ticketNotesRoutes(deps));
    await api.register(messagesRoutes(deps));
    await api.register(externalApiRoutes(deps));
    await api.register(webchatRoutes(deps));
    await api.register(webchatUploadRoutes(deps, live.io.of(WEBCHAT_NAMESPACE)));
    await api.register(metaRoutes);
    await api.register(tagsRoutes(deps));
    await api.register(quickMessagesRoutes(deps));
    await api.register(dashboardRoutes(deps));
    await api.register(schedulesRoutes(deps));
    await api.register(queueIntegrationsRoutes(deps));
    await api.register(filesRoutes(deps));
    await api.register(promptsRoutes(deps));
    await api.register(campaignsRoutes(deps));
    await api.register(chatsRoutes(deps));
    await api.register(kanbanRoutes(deps));
    await api.register(plantaoRoutes(deps));
    await api.register(billingRoutes(deps));
    await api.register(baileysRoutes(deps, whatsapp));
    await api.register(contactListsRoutes(deps));
    await api.register(announcementsRoutes(deps));
    await api.register(helpsRoutes(deps));
    await api.register(campaignDispatchRoutes(deps));
    await api.register(connectionBudgetRoutes(deps));
    await api.register(recoveryRoutes(deps));
  });

  live.onAudience(ticketAudienceOf(db));
  live.onAudience(userAudience);
  live.onAudience(quickMessageAudience);
  live.onAudience(contactAudience);
  live.onAudience(integrationManagersAudience);
  live.onAudience(campaignManagersAudience);
  live.onAudience(sessionAudience);
  live.onAudience(scheduleAudience);
  live.onAudience(contactListAudience);
  live.onAudience(announcementAudience);
  live.onAudience(ticketzImportAudience);
  live.onSocket(trackPresence(deps));
  live.onSocket(ticketRooms(deps));
  live.onSocket(typingRelay(deps));
  live.onSocket((socket) => socket.emit(APP_VERSION_EVENT, { build }));
  live.namespace(CALLS_NAMESPACE, CALL_FLOOD_MAX_EVENTS, callRelay(deps));
  await registerUserJobs(deps);
  await registerInboxJobs(deps);
  outbox.start(deps);
  await registerReadReceiptJobs(deps);
  await registerChannelReactionJobs(deps);
  await registerContactJobs(deps);
  await registerScheduleJobs(deps);
  await registerIntegrationJobs(deps);
  await registerRateLimitSweep(deps);
  await registerTimelinePrune(deps);
  await registerAuditPrune(deps);
  await registerContactListImport(deps);
  await registerContactListCheck(deps);
  await registerInvoiceJob(deps);
  await registerRecoveryJobs(deps);
  await registerTicketzImportJobs(deps);
  await registerLogoutJob(deps, whatsappFactory, config.whatsapp.logoutWaitMs);
  const campaignDispatch = await registerCampaignDispatch(deps);

  // Renews this process's session leases and takes over those of processes that died.
  const leases = setInterval(
    () => whatsapp.tick().catch((error) => app.log.error(loggableError(error), 'whatsapp lease tick failed')),
    (config.whatsapp.leaseSeconds * 1000) / 3,
  );
  leases.unref();
  app.addHook('onReady', () => {
    whatsapp.tick().catch((error) => app.log.error(loggableError(error), 'whatsapp sessions not resumed'));
  });

  // `npm run backup` reaches the embedded database through this process while it runs.
  const control =
    database.dumpDataDir &&
    listenForControl(database, config.dataDir, config.mediaDir, (error) =>
      app.log.error(loggableError(error), 'control socket failed'),
    );

  app.addHook('onClose', async () => {
    // Answered steps whose pending rows are still to go: left behind, the sweep would run them again.
    await intakeSettled(deps);
    // Each running campaign's send in flight settles and its lease is let go for another process.
    await campaignDispatch.stop();
    // Then: its sends in flight still need their WhatsApp sessions.
    await outbox.stop();
    clearInterval(leases);
    await whatsapp.close();
    // Also releases the socket adapter's listening connection; the HTTP server is already closed.
    await new Promise<void>((resolve) => live.io.close(() => resolve()));
    await jobs.stop();
    await stopFollowingActors();
    await stopFollowingConnections();
    await new Promise((resolve) => (control ? control.close(resolve) : resolve(undefined)));
  });
  return app;
}
