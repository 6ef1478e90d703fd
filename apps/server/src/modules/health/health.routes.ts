import type { FastifyPluginAsync } from 'fastify';

/** For load balancers and start-up scripts: answers without touching the database. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { config: { gate: 'public' } }, async () => ({ status: 'ok' }));
};
