import { events, type TagEvent } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';

/** Every user of a company may read its tags (lists, pickers, filters), so events go to the company room. */
export function publishTag(deps: Pick<AppDeps, 'realtime'>, companyId: number, event: TagEvent) {
  deps.realtime.toCompany(companyId, events.tag(companyId), event);
}
