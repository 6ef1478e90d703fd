import { expect, test } from 'vitest';
import { buildActor } from '../../../test/actors.js';
import type { RequestActor } from '../../platform/auth/actor.js';
import { canSeeTicket } from './tickets.access.js';
import { actorTicketAudience, type TicketScope, ticketAudience } from './tickets.audience.js';

const base = buildActor();

const actors: RequestActor[] = [
  base,
  { ...base, allowGroup: true },
  { ...base, allTicket: 'enable' },
  { ...base, allTicket: 'enable', allowGroup: true },
  { ...base, profile: 'supervisor' },
  { ...base, profile: 'admin' },
];
const queueSets = [new Set<number>(), new Set([3]), new Set([3, 4])];
const tickets: TicketScope[] = ['pending', 'open', 'closed', 'group'].flatMap((status) =>
  [null, 7, 8].flatMap((userId) => [null, 3, 9].map((queueId) => ({ status, userId, queueId }))),
);

test('an actor’s rooms meet a ticket’s rooms exactly when canSeeTicket lets the actor see it', () => {
  for (const actor of actors) {
    for (const queueIds of queueSets) {
      const joined = new Set(actorTicketAudience(actor, queueIds));
      for (const ticket of tickets) {
        const reached = ticketAudience(1, ticket).some((room) => joined.has(room));
        expect({ actor, queueIds: [...queueIds], ticket, reached }).toEqual({
          actor,
          queueIds: [...queueIds],
          ticket,
          reached: canSeeTicket(actor, ticket, queueIds),
        });
      }
    }
  }
});

test('the same ticket number in another company reaches none of this company’s rooms', () => {
  const joined = new Set(actorTicketAudience({ ...base, profile: 'admin' }, new Set()));
  const elsewhere = ticketAudience(2, { status: 'open', userId: 7, queueId: 3 });

  expect(elsewhere.some((room) => joined.has(room))).toBe(false);
});
