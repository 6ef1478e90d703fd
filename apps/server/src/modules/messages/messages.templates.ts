import { type Message, renderTemplate, type SendTemplateBody, templateInputFits } from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findConnection } from '../connections/connections.queries.js';
import { findVisibleTicket } from '../tickets/tickets.access.js';
import { storeOutbound } from './messages.outbox.js';
import { writableTicket } from './messages.service.js';
import { templateComponents } from './messages.template-components.js';

/** The templates of the ticket's connection, on a channel that has them (the Cloud API). */
async function templatesOf(ctx: Ctx, ticket: { connectionId: number | null }) {
  const connection = ticket.connectionId
    ? await findConnection(ctx.db, ctx.companyId, ticket.connectionId)
    : undefined;
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  const list = ctx.channels.get(connection.channel)?.templates;
  if (!list) throw new AppError('ERR_VALIDATION', 'Only WhatsApp Cloud API connections have templates');
  return list(connection);
}

/** What the template picker offers for a conversation the caller may see. */
export async function listTicketTemplates(ctx: Ctx, ticketId: number) {
  const ticket = await findVisibleTicket(ctx.db, ctx.actor, ticketId);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  return { templates: await templatesOf(ctx, ticket) };
}

/**
 * An approved template, the one reply Meta allows once the 24-hour window closed. Checked against
 * Meta's list before it is stored, so a template renamed or a value missing is refused at once; it
 * then leaves through the outbox like every reply, shown as the text the customer reads.
 */
export async function sendTemplate(ctx: Ctx, ticketId: number, input: SendTemplateBody): Promise<Message> {
  const { ticket } = await writableTicket(ctx, ticketId, { isPrivate: false });
  const templates = await templatesOf(ctx, ticket);
  const template = templates.find((t) => t.name === input.name && t.language === input.language);
  if (!template) throw new AppError('ERR_TEMPLATE_NOT_FOUND');
  if (!templateInputFits(template, input)) throw new AppError('ERR_TEMPLATE_PARAMS');
  return storeOutbound(ctx, {
    companyId: ctx.companyId,
    ticket,
    body: renderTemplate(template, input),
    kind: 'chat',
    userId: ctx.actor.userId,
    template: {
      name: template.name,
      language: template.language,
      components: templateComponents(template, input),
    },
  });
}
