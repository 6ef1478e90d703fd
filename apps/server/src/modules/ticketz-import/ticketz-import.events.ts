import { can, events, PLATFORM_COMPANY_ID } from '@balcao/shared';
import type { ticketzImports } from '../../db/schema/index.js';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AppDeps } from '../../platform/context.js';
import type { AudienceSource } from '../../platform/realtime/audience.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { toTicketzImport } from './ticketz-import.rows.js';

/**
 * The super users (`companies:manage`), who all see the imports on the companies screen: their own
 * company is the platform's, so its audience room reaches every one of them and no other company.
 */
const importWatchers = rooms.audience(PLATFORM_COMPANY_ID, 'companies:manage');

export const ticketzImportAudience: AudienceSource = async (actor: RequestActor) =>
  actor.companyId === PLATFORM_COMPANY_ID && can(actor, 'companies:manage') ? [importWatchers] : [];

/** Tells every super user how an import stands (progress, end), whoever started it. */
export function publishImport(deps: Pick<AppDeps, 'realtime'>, row: typeof ticketzImports.$inferSelect) {
  deps.realtime.toRoom(importWatchers, events.ticketzImport(PLATFORM_COMPANY_ID), toTicketzImport(row));
}
