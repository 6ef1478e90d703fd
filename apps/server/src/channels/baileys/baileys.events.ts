import type { proto, WAMessageUpdate } from '@whiskeysockets/baileys';
import { and, eq } from 'drizzle-orm';
import { connections } from '../../db/schema/index.js';
import { noteShippingStatus } from '../../modules/campaigns/campaigns.dispatcher-inbound.js';
import { setAck } from '../../modules/messages/messages.delivery.js';
import { findByExternalId } from '../../modules/messages/messages.queries.js';
import type { AppDeps } from '../../platform/context.js';
import { loggableError } from '../../platform/errors.js';
import { logCall } from './baileys.calls.js';
import { changeStoredMessage, failSentMessage, takeBackReaction } from './baileys.changes.js';
import { joinLidAndPhone, joinSyncedContacts, rememberChats } from './baileys.chats.js';
import { importHistory } from './baileys.history.js';
import { ackOf, mapMessage } from './baileys.inbound.js';
import { baileys } from './baileys.lib.js';
import type { LiveSession, SessionContext } from './baileys.live-session.js';
import { relayCustomerPresence } from './baileys.presence.js';
import { receiveMapped } from './baileys.receive.js';
import type { WhatsappSocket } from './baileys.socket.js';

/**
 * Wires a socket's events into the inbox. Each batch runs after the previous one of the same
 * socket, so a message and its edit, or a send and its acks, are applied in the order WhatsApp
 * gave them; a failure is logged and never stops the session.
 */
export function attachMessageEvents(deps: AppDeps, session: LiveSession, socket: WhatsappSocket) {
  let chain = Promise.resolve();
  const inOrder = (what: string, work: () => Promise<void>) => {
    chain = chain
      .then(work)
      .catch((error) => deps.log.error(loggableError(error), `whatsapp ${what} failed`));
  };
  const connection = async () => {
    const [row] = await deps.db
      .select()
      .from(connections)
      .where(and(eq(connections.companyId, session.companyId), eq(connections.id, session.connectionId)));
    return row;
  };

  socket.ev.on('messages.upsert', ({ messages, type }) =>
    inOrder('message', async () => {
      const row = await connection();
      if (!row) return;
      for (const message of messages)
        await receiveOne(deps, { session, socket, connection: row }, message, type);
    }),
  );
  socket.ev.on('messages.update', (updates) => inOrder('update', () => applyUpdates(deps, session, updates)));
  socket.ev.on('message-receipt.update', (receipts) =>
    inOrder('receipt', async () => {
      for (const { key, receipt } of receipts) {
        if (!key.id || !key.fromMe) continue;
        await raiseByExternalId(deps, session, key.id, receipt.readTimestamp ? 3 : 2);
      }
    }),
  );
  socket.ev.on('presence.update', (update) =>
    inOrder('presence', () => relayCustomerPresence(deps, session, update)),
  );
  socket.ev.on('call', (calls) =>
    inOrder('call', async () => {
      const row = await connection();
      if (row) for (const call of calls) await logCall(deps, { session, socket, connection: row }, call);
    }),
  );
  socket.ev.on('messaging-history.set', (history) =>
    inOrder('history', async () => {
      const row = await connection();
      if (!row) return;
      await rememberChats(deps, session, history.chats);
      await joinSyncedContacts(deps, session, history.contacts);
      await importHistory(deps, { session, socket, connection: row }, history);
    }),
  );
  socket.ev.on('chats.upsert', (chats) => inOrder('chats', () => rememberChats(deps, session, chats)));
  socket.ev.on('chats.phoneNumberShare', ({ lid, jid }) =>
    inOrder('lid', () => joinLidAndPhone(deps, session, lid, jid)),
  );
  socket.ev.on('contacts.upsert', (synced) =>
    inOrder('contacts', () => joinSyncedContacts(deps, session, synced)),
  );
  socket.ev.on('contacts.update', (synced) =>
    inOrder('contacts', () => joinSyncedContacts(deps, session, synced)),
  );
}

async function receiveOne(deps: AppDeps, ctx: SessionContext, message: proto.IWebMessageInfo, type: string) {
  const mapped = mapMessage(message);
  if (mapped.kind === 'ignore') return;
  if (mapped.kind === 'edit' || mapped.kind === 'revoke') {
    await changeStoredMessage(deps, ctx.session, mapped);
    return;
  }
  if (mapped.kind === 'unreact') {
    await takeBackReaction(deps, ctx.session, mapped);
    return;
  }
  const { offline } = ctx.session;
  // WhatsApp hands over what arrived while the session was down once it is back: tell the agents.
  const arrivedOffline =
    offline !== undefined &&
    // Message times are whole seconds: a message of the second the session dropped counts.
    mapped.createdAt.getTime() >= offline.since.getTime() - 1000 &&
    (type === 'append' || offline.until === undefined || mapped.createdAt <= offline.until);
  await receiveMapped(deps, ctx, message, mapped, { arrivedOffline });
}

async function applyUpdates(deps: AppDeps, session: LiveSession, updates: WAMessageUpdate[]) {
  for (const { key, update } of updates) {
    if (!key.id) continue;
    if (update.messageStubType === 1) {
      await changeStoredMessage(deps, session, { kind: 'revoke', targetExternalId: key.id });
      continue;
    }
    const edited = update.message?.editedMessage?.message?.protocolMessage?.editedMessage;
    if (edited) {
      const mapped = mapMessage({
        key,
        message: { protocolMessage: { key, type: 14, editedMessage: edited } },
      });
      if (mapped.kind === 'edit') await changeStoredMessage(deps, session, mapped);
      continue;
    }
    if (update.status === undefined || update.status === null || !key.fromMe) continue;
    const status = baileys().toNumber(update.status);
    if (status === 0) {
      const stored = await findByExternalId(deps.db, session.companyId, session.connectionId, key.id);
      const reason = update.messageStubParameters?.[0] ?? 'ERR_SENDING_WAPP_MSG';
      if (stored?.fromMe) await failSentMessage(deps, session.companyId, stored.id, reason);
      // A campaign's send is stored as its shipping; WhatsApp's own reason is no catalogue code.
      else if (!stored)
        await noteShippingStatus(deps, {
          companyId: session.companyId,
          connectionId: session.connectionId,
          externalId: key.id,
          ack: -1,
        });
      continue;
    }
    await raiseByExternalId(deps, session, key.id, ackOf(status));
  }
}

/** Acks only move forward: a late "delivered" after "read" changes nothing (raiseAck's condition). */
async function raiseByExternalId(deps: AppDeps, session: LiveSession, externalId: string, ack: number) {
  const stored = await findByExternalId(deps.db, session.companyId, session.connectionId, externalId);
  if (stored?.fromMe) await setAck(deps, session.companyId, stored.id, ack);
}
