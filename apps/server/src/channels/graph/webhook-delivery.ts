import type { AppDeps } from '../../platform/context.js';
import type { ConnectionRow } from '../../platform/provider-connections.js';
import { recordRejection } from './webhook-rejections.js';

/**
 * One webhook delivery, read and stored element by element (an entry, a change, a message, an event):
 * an element that cannot be read is rejected (webhook-rejections.ts) and one that fails to store is
 * remembered, and neither stops its neighbours. Meta does not deliver again what was answered 200, so
 * only a failure to store answers 500, once every element had its turn: the redelivery finds what was
 * stored (one message per external id) and retries only the rest.
 */
export function webhookDelivery(deps: AppDeps, source: string) {
  const failures: unknown[] = [];
  return {
    async each<T>(elements: readonly T[], handle: (element: T) => Promise<void>) {
      for (const element of elements) {
        try {
          await handle(element);
        } catch (error) {
          deps.log.error({ err: error, source }, 'webhook element not stored');
          failures.push(error);
        }
      }
    },
    reject: (raw: unknown, reason: string, connection?: Pick<ConnectionRow, 'id' | 'companyId'>) =>
      recordRejection(deps, { source, raw, reason, connection }),
    /** Throws the first failure, for the route to answer 500. */
    finish() {
      if (failures.length) throw failures[0];
    },
  };
}
export type WebhookDelivery = ReturnType<typeof webhookDelivery>;
