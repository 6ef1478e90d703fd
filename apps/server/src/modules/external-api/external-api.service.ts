import { type ExternalSendResponse, msg, signedText } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { mediaKey } from '../../platform/storage/uploads.js';
import { companyHasChannel } from '../connections/connections.plan.js';
import type { ConnectionRow } from '../connections/connections.queries.js';
import { normaliseNumber } from '../contacts/contacts.numbers.js';
import { findOrCreateContact } from '../contacts/contacts.resolution.js';
import { storeOutbound } from '../messages/messages.outbox.js';
import { handOver } from '../tickets/tickets.handover.js';
import { findOrCreateTicket } from '../tickets/tickets.resolution.js';
import { queueExists } from '../tickets/tickets.transitions.queries.js';
import { findUser } from '../users/users.queries.js';
import type { MediaUpload } from './external-api.uploads.js';

export interface ExternalSend {
  number: string;
  body: string;
  userId?: number | undefined;
  queueId?: number | undefined;
  sendSignature: boolean;
  medias: MediaUpload[];
}

/** The channels that address a customer by phone number; the others know people only by their own ids. */
const phoneChannels = new Set(['whatsapp', 'whatsappapi']);

/** The ids a call names, each checked to be the connection's company's: another company's is not found. */
async function checkedIds(deps: AppDeps, companyId: number, input: ExternalSend) {
  const user = input.userId ? await findUser(deps.db, companyId, input.userId) : undefined;
  if (input.userId && !user) throw new AppError('ERR_NO_USER_FOUND');
  if (input.queueId && !(await queueExists(deps.db, companyId, input.queueId)))
    throw new AppError('ERR_NO_QUEUE_FOUND');
  return { user, queueId: input.queueId ?? null };
}

/**
 * A message from outside (spec 001 "External messages API") to a phone number, through the connection
 * whose token the call carried. The contact and the ticket are found or created as an inbound message
 * finds them, so a conversation the customer started continues; the messages leave through the outbox.
 * `userId`/`queueId` place a conversation this call opens, or take one over from an integration (its
 * reply path); a conversation people already hold stays theirs.
 */
export async function sendThroughApi(
  deps: AppDeps,
  connection: ConnectionRow,
  input: ExternalSend,
): Promise<ExternalSendResponse> {
  if (!phoneChannels.has(connection.channel))
    throw new AppError('ERR_RECIPIENT_UNAVAILABLE', 'This connection does not reach phone numbers');
  const number = normaliseNumber(input.number);
  if (!number) throw new AppError('ERR_VALIDATION', 'Invalid phone number', { number: msg.invalidPhone });
  const companyId = connection.companyId;
  if (!(await companyHasChannel(deps, companyId, connection.channel)))
    throw new AppError('ERR_PLAN_FEATURE_DISABLED');
  const { user, queueId } = await checkedIds(deps, companyId, input);

  const place = { companyId, connectionId: connection.id, channel: connection.channel };
  const source = { ...place, identity: { kind: 'phone', value: number }, contact: { name: number, number } };
  const { contactId, ticket, created } = await deps.db.transaction(async (tx) => {
    const contactId = await findOrCreateContact(tx, source, { lock: true });
    const found = await findOrCreateTicket(tx, place, contactId, { holderId: user?.id ?? null, queueId });
    return { contactId, ...found };
  });
  const moved =
    !created && ticket.useIntegration && (user || queueId)
      ? await handOver(deps, ticket, { queueId: queueId ?? ticket.queueId, userId: user?.id ?? null })
      : undefined;

  const target = { ...ticket, queueId: moved ? moved.queueId : ticket.queueId };
  const signed = input.sendSignature && user && input.body ? signedText(user.name, input.body) : input.body;
  const send = (body: string, media?: { mediaPath: string; mediaType: string; mediaName: string }) =>
    storeOutbound(deps, { companyId, ticket: target, body, kind: 'api', userId: user?.id ?? null, media });

  const messageIds: number[] = [];
  if (input.medias.length === 0) messageIds.push((await send(signed)).id);
  for (const [index, upload] of input.medias.entries()) {
    const key = mediaKey(companyId, 'messages', upload.ext);
    await deps.storage.put(key, upload.bytes);
    const media = { mediaPath: key, mediaType: upload.kind, mediaName: upload.name };
    // A message that cannot be stored takes its file with it.
    const message = await send(index === 0 ? signed : '', media).catch(async (error: unknown) => {
      await deps.storage.remove(key);
      throw error;
    });
    messageIds.push(message.id);
  }
  return { contactId, ticketId: ticket.id, ticketUuid: ticket.uuid, messageIds };
}
