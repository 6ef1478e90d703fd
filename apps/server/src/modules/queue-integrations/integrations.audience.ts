import { can } from '@balcao/shared';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AudienceSource } from '../../platform/realtime/audience.js';
import { rooms } from '../../platform/realtime/rooms.js';

/**
 * Integrations, file lists and prompts are configuration read only by admins (they hold credentials),
 * so their events go to the admins' room, never to the whole company.
 */
export const integrationManagers = (companyId: number) => rooms.audience(companyId, 'integrations:manage');

export const integrationManagersAudience: AudienceSource = async (actor: RequestActor) =>
  can(actor, 'integrations:manage') ? [integrationManagers(actor.companyId)] : [];
