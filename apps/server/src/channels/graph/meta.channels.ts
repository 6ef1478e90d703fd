import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/context.js';
import type { ChannelAdapter } from '../../platform/ports/channel-adapter.js';
import type { MetaChannel } from '../../platform/provider-connections.js';
import { createCloudApiChannel } from '../cloud-api/cloud-api.channel.js';
import { facebookLoginRoutes } from '../messenger/facebook-login.routes.js';
import { createMessagingChannel } from '../messenger/messenger.channel.js';
import { registerAckJobs } from './graph.acks.js';
import { checkMetaClaim } from './graph.claims.js';
import { createGraphClient } from './graph.client.js';
import { registerMediaJobs } from './graph.media-jobs.js';
import { metaWebhookRoutes } from './graph.webhook.routes.js';
import { registerRejectionsPrune } from './webhook-rejections.js';

/**
 * The three Meta channels on one Graph client: their adapters (each proving the tokens it is given
 * against Graph), their jobs (late acks, received files, the rejections' prune) and their routes.
 */
export async function registerMetaChannels(deps: AppDeps): Promise<FastifyPluginAsyncZod> {
  const graph = createGraphClient(deps.config.meta);
  const adapters: [MetaChannel, ChannelAdapter][] = [
    ['whatsappapi', createCloudApiChannel(deps, graph)],
    ['facebook', createMessagingChannel(deps, graph, 'psid')],
    ['instagram', createMessagingChannel(deps, graph, 'igsid')],
  ];
  for (const [channel, adapter] of adapters)
    deps.channels.set(channel, {
      ...adapter,
      checkClaim: (claim) => checkMetaClaim(graph, channel, claim),
    });
  await registerAckJobs(deps);
  await registerRejectionsPrune(deps);
  await registerMediaJobs(deps, graph);
  return async (app) => {
    await app.register(metaWebhookRoutes(deps, graph));
    await app.register(facebookLoginRoutes(deps, graph));
  };
}
