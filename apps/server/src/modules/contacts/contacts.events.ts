import { type Contact, type ContactEvent, can, events } from '@balcao/shared';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AppDeps } from '../../platform/context.js';
import type { AudienceSource } from '../../platform/realtime/audience.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { maskContact, numbersHiddenFor } from './contacts.masking.js';

const seeNumbers = (companyId: number) => rooms.audience(companyId, 'contacts:seeHiddenNumbers');
const numbersMasked = (companyId: number) => rooms.audience(companyId, 'contacts:numbersMasked');

/** Every socket is in exactly one of the two: events carrying numbers are sent whole to one, masked to the other. */
export const contactAudience: AudienceSource = async (actor: RequestActor) => [
  can(actor, 'contacts:seeHiddenNumbers') ? seeNumbers(actor.companyId) : numbersMasked(actor.companyId),
];

/**
 * An event that carries numbers, to `audience`: whole where lgpdHideNumber hides nothing, else whole
 * to those who still see numbers and `mask`ed to everyone else in the audience.
 */
export async function publishWithNumbers<T>(
  deps: Pick<AppDeps, 'realtime' | 'actors'>,
  companyId: number,
  audience: string | string[],
  event: string,
  payload: T,
  mask: (payload: T) => T,
) {
  if (!(await numbersHiddenFor(deps.actors, null, companyId))) {
    deps.realtime.toRoom(audience, event, payload);
    return;
  }
  deps.realtime.toRoom(audience, event, payload, numbersMasked(companyId));
  deps.realtime.toRoom(audience, event, mask(payload), seeNumbers(companyId));
}

const maskContactEvent = (event: ContactEvent): ContactEvent =>
  event.action === 'delete' ? event : { ...event, contact: maskContact(event.contact as Contact) };

/** Every user of the company may read contacts, so events go to the company room. */
export function publishContact(
  deps: Pick<AppDeps, 'realtime' | 'actors'>,
  companyId: number,
  event: ContactEvent,
) {
  return publishWithNumbers(
    deps,
    companyId,
    rooms.company(companyId),
    events.contact(companyId),
    event,
    maskContactEvent,
  );
}
