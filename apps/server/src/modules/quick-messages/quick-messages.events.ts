import { can, events, type QuickMessage, type QuickMessageEvent } from '@balcao/shared';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AppDeps } from '../../platform/context.js';
import type { AudienceSource } from '../../platform/realtime/audience.js';
import { rooms } from '../../platform/realtime/rooms.js';

type Live = Pick<AppDeps, 'realtime'>;
type Scope = Pick<QuickMessage, 'id' | 'geral' | 'userId'>;

const managers = (companyId: number) => rooms.audience(companyId, 'quick-messages:manageAll');

/** Admins and supervisors read every quick message, so they hear about every one. */
export const quickMessageAudience: AudienceSource = async (actor: RequestActor) =>
  can(actor, 'quick-messages:manageAll') ? [managers(actor.companyId)] : [];

/** Who may read a quick message over HTTP: the whole company when 'geral', else its author and the managers. */
function readers(companyId: number, scope: Scope): string[] {
  if (scope.geral) return [rooms.company(companyId)];
  return scope.userId === null ? [managers(companyId)] : [managers(companyId), rooms.user(scope.userId)];
}

/**
 * A quick message no longer 'geral' (`previous` was) is withdrawn from those who could read it only
 * because it was; they get a delete, never the new content.
 */
export function publishQuickMessage(
  deps: Live,
  companyId: number,
  action: 'create' | 'update',
  record: QuickMessage,
  previous?: Scope,
) {
  const audience = readers(companyId, record);
  const event: QuickMessageEvent = { action, record };
  deps.realtime.toRoom(audience, events.quickMessage(companyId), event);
  if (previous?.geral && !record.geral) {
    const removal: QuickMessageEvent = { action: 'delete', id: record.id };
    deps.realtime.toRoom(rooms.company(companyId), events.quickMessage(companyId), removal, audience);
  }
}

export function publishQuickMessageDeleted(deps: Live, companyId: number, scope: Scope) {
  const event: QuickMessageEvent = { action: 'delete', id: scope.id };
  deps.realtime.toRoom(readers(companyId, scope), events.quickMessage(companyId), event);
}
