import type { WACallEvent } from '@whiskeysockets/baileys';
import { receive } from '../../inbox/receive.js';
import { storeOutbound } from '../../modules/messages/messages.outbox.js';
import { readSetting } from '../../modules/settings/settings.queries.js';
import type { AppDeps } from '../../platform/context.js';
import { whoIs } from './baileys.inbound.js';
import type { SessionContext } from './baileys.live-session.js';

/** Sent to a caller when the company does not take WhatsApp calls (setting acceptCallWhatsapp). */
const CALLS_DISABLED =
  'As chamadas de voz e vídeo estão desabilitadas para este WhatsApp, por favor, envie uma mensagem de texto.';

/**
 * A call shows in the conversation as a call_log message. With acceptCallWhatsapp disabled the
 * call is also rejected and the caller told to write instead (the product we replace had the
 * setting inverted and never rejected).
 */
export async function logCall(deps: AppDeps, ctx: SessionContext, call: WACallEvent) {
  if (call.status !== 'offer' || call.isGroup) return;
  const { session, socket } = ctx;
  const accepted = (await readSetting(deps.db, session.companyId, 'acceptCallWhatsapp')) === 'enabled';
  if (!accepted) await socket.rejectCall(call.id, call.from).catch(() => undefined);
  const who = whoIs(call.from);
  const kind = call.isVideo ? 'vídeo' : 'voz';
  const received = await receive(deps, {
    companyId: session.companyId,
    connectionId: session.connectionId,
    channel: 'whatsapp',
    identity: who.identity,
    contact: { name: who.number ?? who.identity.value, number: who.number },
    externalId: `call:${call.id}`,
    body: accepted ? `Chamada de ${kind}` : `Chamada de ${kind} recusada`,
    mediaType: 'call_log',
    sentAt: call.date,
  });
  if (accepted || received.duplicate) return;
  await storeOutbound(deps, {
    companyId: session.companyId,
    ticket: {
      id: received.ticket.id,
      contactId: received.ticket.contactId,
      connectionId: session.connectionId,
      queueId: received.ticket.queueId,
    },
    body: CALLS_DISABLED,
    kind: 'callRejected',
    userId: null,
  });
}
