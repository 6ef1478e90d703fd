import type { Ticket } from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { storeOutbound } from '../messages/messages.outbox.js';
import { readSetting } from '../settings/settings.queries.js';
import type { TicketScope } from './tickets.audience.js';

type Before = TicketScope & { isGroup: boolean };

const isOn = async (ctx: Ctx, key: 'sendGreetingAccepted' | 'sendMsgTransfTicket') =>
  (await readSetting(ctx.db, ctx.companyId, key)) === 'enabled';

/**
 * With sendGreetingAccepted on, accepting a waiting conversation (not a group) greets the customer
 * from the server, where the replaced product left it to whichever browser accepted.
 */
export async function sendAcceptGreeting(ctx: Ctx, before: Before, ticket: Ticket) {
  if (before.status !== 'pending' || before.isGroup || !ticket.whatsappId || !ticket.user) return;
  if (!(await isOn(ctx, 'sendGreetingAccepted'))) return;
  // Filled on the way out like every company text: the hour's greeting in the company's time zone.
  const body = '{{ms}} *{{name}}*, meu nome é *{{userName}}* e agora vou prosseguir com seu atendimento!';
  await outbound(ctx, ticket, body, 'greeting');
}

/** With sendMsgTransfTicket on, the customer is told where a transfer took the conversation. */
export async function sendTransferNotice(ctx: Ctx, before: Before, ticket: Ticket) {
  if (before.isGroup || !ticket.whatsappId) return;
  const newQueue = ticket.queueId !== before.queueId ? ticket.queue : null;
  const newUser = ticket.userId !== before.userId ? ticket.user : null;
  if (!newQueue && !newUser) return;
  if (!(await isOn(ctx, 'sendMsgTransfTicket'))) return;
  const body =
    newQueue && newUser
      ? `Você foi transferido(a) para o departamento *${newQueue.name}* e será atendido(a) por *${newUser.name}*.`
      : newQueue
        ? `Você foi transferido(a) para o departamento *${newQueue.name}*.`
        : `Você foi transferido(a) para o atendente *${newUser?.name}*.`;
  await outbound(ctx, ticket, body, 'transfer');
}

const outbound = (ctx: Ctx, ticket: Ticket, body: string, kind: string) =>
  storeOutbound(ctx, {
    companyId: ctx.companyId,
    ticket: {
      id: ticket.id,
      contactId: ticket.contactId,
      connectionId: ticket.whatsappId,
      queueId: ticket.queueId,
    },
    body,
    kind,
    userId: ctx.actor.userId,
  });
