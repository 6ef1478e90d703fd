import { type Contact, type ContactEvent, can, events } from '@balcao/shared';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AppDeps } from '../../platform/context.js';
import type { AudienceSource } from '../../platform/realtime/audience.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { maskContact, numbersHiddenFor } from './contacts.present.js';

const seeNumbers = (companyId: number) => rooms.audience(companyId, 'contacts:seeHiddenNumbers');

export const contactAudience: AudienceSource = async (actor: RequestActor) =>
  can(actor, 'contacts:seeHiddenNumbers') ? [seeNumbers(actor.companyId)] : [];

/**
 * Every user of the company may read contacts, so events go to the company room; those from whom
 * lgpdHideNumber hides numbers get the masked record, as they would over HTTP.
 */
export async function publishContact(
  deps: Pick<AppDeps, 'realtime' | 'actors'>,
  companyId: number,
  event: ContactEvent,
) {
  const full = [seeNumbers(companyId)];
  deps.realtime.toRoom(full, events.contact(companyId), event);
  const hide = event.action !== 'delete' && (await numbersHiddenFor(deps.actors, null, companyId));
  const shared: ContactEvent =
    event.action !== 'delete' && hide ? { ...event, contact: maskContact(event.contact as Contact) } : event;
  deps.realtime.toRoom(rooms.company(companyId), events.contact(companyId), shared, full);
}
