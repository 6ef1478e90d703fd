import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/context.js';
import { createCloudApiChannel } from '../cloud-api/cloud-api.channel.js';
import { facebookLoginRoutes } from '../messenger/facebook-login.routes.js';
import { createMessagingChannel } from '../messenger/messenger.channel.js';
import { registerAckJobs } from './graph.acks.js';
import { createGraphClient } from './graph.client.js';
import { registerMediaJobs } from './graph.media-jobs.js';
import { metaWebhookRoutes } from './graph.webhook.routes.js';
import { registerRejectionsPrune } from './webhook-rejections.js';

/**
 * The three Meta channels on one Graph client: their adapters, their jobs (late acks, received files,
 * the rejections' prune) and their routes.
 */
export async function registerMetaChannels(deps: AppDeps): Promise<FastifyPluginAsyncZod> {
  const graph = createGraphClient(deps.config.meta);
  deps.channels.set('whatsappapi', createCloudApiChannel(deps, graph));
  deps.channels.set('facebook', createMessagingChannel(deps, graph, 'psid'));
  deps.channels.set('instagram', createMessagingChannel(deps, graph, 'igsid'));
  await registerAckJobs(deps);
  await registerRejectionsPrune(deps);
  await registerMediaJobs(deps, graph);
  return async (app) => {
    await app.register(metaWebhookRoutes(deps, graph));
    await app.register(facebookLoginRoutes(deps, graph));
  };
}
