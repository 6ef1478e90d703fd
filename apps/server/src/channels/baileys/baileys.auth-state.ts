import type { AuthenticationCreds, AuthenticationState, SignalDataTypeMap } from '@whiskeysockets/baileys';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { baileysKeys, baileysSessions } from '../../db/schema/index.js';
import { baileys, loadBaileys } from './baileys.lib.js';

const toText = (value: unknown) => JSON.stringify(value, baileys().BufferJSON.replacer);
const fromText = (text: string) => JSON.parse(text, baileys().BufferJSON.reviver);

export interface StoredAuthState {
  state: AuthenticationState;
  saveCreds(): Promise<void>;
}

/**
 * Baileys' auth state kept in PostgreSQL instead of files, so whichever process holds the lease
 * continues the same session. Keys ratchet on nearly every message: each `set` is one transaction.
 */
export async function loadAuthState(
  db: Db,
  companyId: number,
  connectionId: number,
): Promise<StoredAuthState> {
  await loadBaileys();
  const [row] = await db
    .select({ creds: baileysSessions.creds })
    .from(baileysSessions)
    .where(eq(baileysSessions.connectionId, connectionId));
  const creds: AuthenticationCreds = row ? credsFromText(row.creds) : baileys().initAuthCreds();

  const keys: AuthenticationState['keys'] = {
    async get(type, ids) {
      if (ids.length === 0) return {};
      const rows = await db
        .select({ keyId: baileysKeys.keyId, value: baileysKeys.value })
        .from(baileysKeys)
        .where(
          and(
            eq(baileysKeys.connectionId, connectionId),
            eq(baileysKeys.type, type),
            inArray(baileysKeys.keyId, ids),
          ),
        );
      const found: { [id: string]: SignalDataTypeMap[typeof type] } = {};
      for (const { keyId, value } of rows) {
        const parsed = fromText(value);
        // Baileys calls methods on this one, so it must come back as its protobuf class.
        found[keyId] =
          type === 'app-state-sync-key'
            ? baileys().proto.Message.AppStateSyncKeyData.fromObject(parsed)
            : parsed;
      }
      return found;
    },
    async set(data) {
      await db.transaction(async (tx) => {
        for (const [type, entries] of Object.entries(data)) {
          for (const [keyId, value] of Object.entries(entries ?? {})) {
            const where = and(
              eq(baileysKeys.connectionId, connectionId),
              eq(baileysKeys.type, type),
              eq(baileysKeys.keyId, keyId),
            );
            // Baileys deletes a key by setting it to null.
            if (value === null || value === undefined) await tx.delete(baileysKeys).where(where);
            else
              await tx
                .insert(baileysKeys)
                .values({ connectionId, type, keyId, value: toText(value) })
                .onConflictDoUpdate({
                  target: [baileysKeys.connectionId, baileysKeys.type, baileysKeys.keyId],
                  set: { value: toText(value) },
                });
          }
        }
      });
    },
  };

  return {
    state: { creds, keys },
    // Baileys mutates this same creds object before emitting creds.update, so saving it is enough.
    async saveCreds() {
      const text = toText(creds);
      await db
        .insert(baileysSessions)
        .values({ connectionId, companyId, creds: text })
        .onConflictDoUpdate({
          target: baileysSessions.connectionId,
          set: { creds: text, updatedAt: new Date() },
        });
    },
  };
}

/** Creds as `saveCreds` stored them (after `loadBaileys`). */
export const credsFromText = (text: string): AuthenticationCreds => fromText(text);

/** A logged-out session can never be resumed: its creds and keys go, and the next start pairs anew. */
export async function wipeAuthState(db: Db | Tx, connectionId: number) {
  await db.transaction(async (tx) => {
    await tx.delete(baileysKeys).where(eq(baileysKeys.connectionId, connectionId));
    await tx.delete(baileysSessions).where(eq(baileysSessions.connectionId, connectionId));
  });
}

export async function hasAuthState(db: Db, connectionId: number) {
  const [row] = await db
    .select({ id: baileysSessions.connectionId })
    .from(baileysSessions)
    .where(eq(baileysSessions.connectionId, connectionId));
  return row !== undefined;
}
