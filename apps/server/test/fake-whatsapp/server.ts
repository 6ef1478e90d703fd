import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import type { SocketFactory } from '../../src/channels/baileys/baileys.socket.js';
import { fakeWhatsappSockets } from './client.js';
import {
  type Device,
  historySync,
  idOf,
  type PhoneHistory,
  pairedCreds,
  type Recorded,
  seconds,
  textOf,
  userOf,
} from './phone.js';
import type { Answer, Call, ConnectionUpdate, Frame, Hello, WireMessage } from './wire.js';
import { fromWire, toWire } from './wire.js';

export interface FakeWhatsappOptions {
  /** How long each QR lasts before the next replaces it (WhatsApp: 60 s the first, 20 s after). */
  qrIntervalMs?: number;
  /** QRs shown before the socket closes with 408 "QR refs attempts ended". */
  qrRefs?: number;
  /** The customer's phone acks a send as delivered, then as read, this long apart; negative: never. */
  ackDelayMs?: number;
}

interface Link {
  io: Socket;
  hello: Hello;
  state: 'connecting' | 'qr' | 'open' | 'closed';
  device?: Device;
  qrTimer?: NodeJS.Timeout;
  qrShown: number;
  pairingCode?: string;
}

class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * WhatsApp Web and the phones behind it, as a server process's sockets meet them over time: a new
 * device is shown QRs until a phone scans one (or types a pairing code), gets its creds and keys and
 * a 515 restart; a known device connects without a QR, its keys are read back, a second connection
 * of it replaces the first (440), a removed one is refused (401). Sends answer with an id and are
 * acked later; customers' messages reach the open socket, or wait for the next one.
 */
export async function startFakeWhatsappWeb(options: FakeWhatsappOptions = {}) {
  const qrIntervalMs = options.qrIntervalMs ?? 20_000;
  const qrRefs = options.qrRefs ?? 5;
  const ackDelayMs = options.ackDelayMs ?? 50;
  const http = createServer();
  // A frozen process must not lose its connection to pings before the test is done with it.
  const server = new Server(http, { pingInterval: 60_000, pingTimeout: 60_000 });
  const links = new Set<Link>();
  const devices = new Map<string, Device>();
  const histories = new Map<string, PhoneHistory>();
  /** Numbers WhatsApp knows under another form (a Brazilian mobile without its 9th digit), or not at all. */
  const accounts = new Map<string, string | null>();
  const records: Recorded[] = [];
  let deviceCount = 0;
  let versionRefused = false;

  const push = (link: Link, frame: Frame) => {
    if (link.state !== 'closed') link.io.emit('frame', frame);
  };
  const update = (link: Link, change: ConnectionUpdate) => push(link, { kind: 'update', update: change });
  const record = (link: Link, entry: Omit<Recorded, 'label'>) =>
    records.push({ label: link.hello.label, number: link.device?.number, ...entry });

  const close = (link: Link, code: number, message: string) => {
    if (link.state === 'closed') return;
    push(link, { kind: 'update', update: { connection: 'close' }, close: { code, message } });
    link.state = 'closed';
    clearInterval(link.qrTimer);
    record(link, { kind: 'close', code });
    link.io.disconnect(true);
  };
  const openLinkOf = (device: Device) =>
    [...links].find((link) => link.device === device && link.state === 'open');
  const deviceOf = (number: string) => {
    const found = [...devices.values()].filter((device) => device.number === number && !device.loggedOut);
    const device = found.at(-1);
    if (!device) throw new Error(`no device of ${number} is linked`);
    return device;
  };

  /** Signal sessions ratchet with every message: the device must store each new state. */
  const ratchet = (link: Link, device: Device, peer: string) => {
    device.ratchet += 1;
    const id = `${userOf(peer)}.0`;
    const value = Buffer.from(`session ${peer} #${device.ratchet}`);
    const sessions = device.keys.get('session') ?? new Map<string, string>();
    sessions.set(id, toWire(value));
    device.keys.set('session', sessions);
    push(link, { kind: 'keys', data: toWire({ session: { [id]: value } }) });
  };

  const showQr = (link: Link) => {
    if (link.qrShown >= qrRefs) return close(link, 408, 'QR refs attempts ended');
    link.qrShown += 1;
    const { noise, identity, adv } = link.hello;
    update(link, { qr: `2@${randomBytes(12).toString('base64')},${noise},${identity},${adv}` });
    record(link, { kind: 'qr' });
  };

  /** The phone confirmed: WhatsApp hands the device its identity, then asks it to restart (515). */
  const pair = (link: Link, number: string) => {
    deviceCount += 1;
    const jid = `${number}:${deviceCount}@s.whatsapp.net`;
    const device: Device = {
      number,
      jid,
      noise: link.hello.noise,
      loggedOut: false,
      keys: new Map(),
      lostKeys: [],
      connected: false,
      offline: [],
      ratchet: 0,
    };
    devices.set(device.noise, device);
    clearInterval(link.qrTimer);
    push(link, { kind: 'creds', update: toWire(pairedCreds(jid)) });
    update(link, { isNewLogin: true, qr: undefined });
    close(link, 515, 'Stream Errored (restart required)');
  };

  /** Keys the device should hold that it no longer gives back. */
  const lostKeys = async (link: Link, device: Device) => {
    const lost: string[] = [];
    for (const [type, expected] of device.keys) {
      const ids = [...expected.keys()];
      const answer = fromWire(await link.io.timeout(10_000).emitWithAck('readKeys', { type, ids }));
      for (const id of ids) if (toWire(answer[id]) !== expected.get(id)) lost.push(`${type}:${id}`);
    }
    return lost;
  };

  const open = async (link: Link, device: Device) => {
    const replaced = openLinkOf(device);
    if (replaced) close(replaced, 440, 'Stream Errored (conflict)');
    link.device = device;
    device.lostKeys = await lostKeys(link, device).catch(() => ['unreadable']);
    if (link.state === 'closed') return;
    link.state = 'open';
    push(link, {
      kind: 'creds',
      update: toWire({ me: { id: device.jid, name: 'Loja', lid: `9${device.jid}` } }),
    });
    update(link, { connection: 'open' });
    record(link, { kind: 'open' });
    update(link, { receivedPendingNotifications: true });
    if (!device.connected) {
      device.connected = true;
      const preKeys = Object.fromEntries(
        [1, 2, 3].map((id) => [String(id), { public: randomBytes(32), private: randomBytes(32) }]),
      );
      push(link, { kind: 'keys', data: toWire({ 'pre-key': preKeys }) });
      push(link, { kind: 'creds', update: toWire({ nextPreKeyId: 4, firstUnuploadedPreKeyId: 4 }) });
      const history = histories.get(device.number);
      if (history) push(link, { kind: 'event', name: 'messaging-history.set', data: historySync(history) });
    }
    const offline = device.offline.splice(0);
    if (offline.length > 0)
      push(link, { kind: 'event', name: 'messages.upsert', data: { type: 'append', messages: offline } });
  };

  const acks = (device: Device, key: WireMessage['key']) => {
    if (ackDelayMs < 0) return;
    // Delivered, then read: each reaches whichever socket of the device is open by then.
    for (const [step, status] of [3, 4].entries())
      setTimeout(
        () => {
          const link = openLinkOf(device);
          if (link)
            push(link, { kind: 'event', name: 'messages.update', data: [{ key, update: { status } }] });
        },
        ackDelayMs * (step + 1),
      ).unref();
  };

  const calls: Record<string, (link: Link, ...args: never[]) => unknown> = {
    sendMessage(link, jid: string, content: Record<string, unknown>) {
      const device = link.device;
      if (link.state !== 'open' || !device) {
        record(link, { kind: 'refused', jid, text: textOf(content) });
        throw new Refusal(428, 'Connection Closed');
      }
      const key = { remoteJid: jid, fromMe: true, id: idOf() };
      record(link, { kind: 'send', jid, text: textOf(content), id: key.id });
      ratchet(link, device, jid);
      acks(device, key);
      return {
        key,
        message: { conversation: textOf(content) },
        messageTimestamp: seconds(new Date()),
        status: 1,
      };
    },
    onWhatsApp(_link, ...numbers: string[]) {
      return numbers.flatMap((number) => {
        const digits = number.split('@')[0]?.replace(/\D/g, '') ?? '';
        const known = accounts.has(digits) ? accounts.get(digits) : digits;
        return known ? [{ jid: `${known}@s.whatsapp.net`, exists: true }] : [];
      });
    },
    profilePictureUrl() {
      throw new Refusal(404, 'item-not-found');
    },
    groupMetadata: (_link, jid: string) => ({ id: jid, subject: 'Grupo', participants: [] }),
    requestPairingCode(link) {
      link.pairingCode = randomBytes(4).toString('hex').toUpperCase();
      return link.pairingCode;
    },
    logout(link) {
      if (link.device) link.device.loggedOut = true;
      link.state = 'closed';
      clearInterval(link.qrTimer);
      record(link, { kind: 'close', code: 401 });
    },
    readMessages: () => undefined,
    sendPresenceUpdate: () => undefined,
    rejectCall: () => undefined,
    downloadMedia() {
      throw new Refusal(404, 'media expired');
    },
  };

  server.on('connection', (io) => {
    const link: Link = { io, hello: io.handshake.auth as Hello, state: 'connecting', qrShown: 0 };
    links.add(link);
    record(link, { kind: 'connect' });
    io.on('call', ({ method, args }: Call, answer: (result: Answer) => void) => {
      try {
        const handler = calls[method];
        if (!handler) throw new Refusal(501, `${method} is not faked`);
        answer({ value: handler(link, ...(args as never[])) ?? null });
      } catch (error) {
        const { code = 500, message } = error as Refusal;
        answer({ error: { code, message } });
      }
    });
    io.on('disconnect', () => {
      if (link.state !== 'closed') record(link, { kind: 'close', code: 428 });
      link.state = 'closed';
      clearInterval(link.qrTimer);
    });
    update(link, { connection: 'connecting', receivedPendingNotifications: false, qr: undefined });
    if (versionRefused) return close(link, 405, 'Connection Failure');
    const { me, account, noise } = link.hello;
    if (!me || !account) {
      link.state = 'qr';
      showQr(link);
      link.qrTimer = setInterval(() => showQr(link), qrIntervalMs);
      return;
    }
    const device = devices.get(noise);
    // Creds WhatsApp never paired, or a device the phone removed: "Connection Failure" 401.
    if (!device || device.loggedOut || device.jid !== me) return close(link, 401, 'Connection Failure');
    open(link, device).catch(() => close(link, 500, 'Stream Errored (bad session)'));
  });

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const waiting = (label?: string) =>
    [...links].filter((link) => link.state === 'qr' && (label === undefined || link.hello.label === label));

  return {
    url,
    /** The socket factory of a server process named `label` (buildApp's `whatsappSockets`). */
    sockets: (label: string): SocketFactory => fakeWhatsappSockets(url, label),
    records,
    accounts,
    /** The phone of `number` scans the QR shown (by the process named `label`, if given); false if none is. */
    scan(number: string, label?: string) {
      const link = waiting(label).at(-1);
      if (link) pair(link, number);
      return link !== undefined;
    },
    /** The pairing code shown is typed on the phone of `number`. */
    enterCode(number: string, code: string) {
      const link = [...links].find((candidate) => candidate.state === 'qr' && candidate.pairingCode === code);
      if (link) pair(link, number);
      return link !== undefined;
    },
    /** Whether a socket shows a QR now. */
    showsQr: (label?: string) => waiting(label).length > 0,
    setHistory: (number: string, history: PhoneHistory) => histories.set(number, history),
    device: deviceOf,
    /** The label of the process whose socket of `number`'s device is open, if any. */
    openBy: (number: string) => {
      const device = [...devices.values()].filter((d) => d.number === number).at(-1);
      return device ? openLinkOf(device)?.hello.label : undefined;
    },
    /** A customer (or the phone's owner, `fromMe`) writes to `number`: answers the message id. */
    deliver(number: string, input: { from: string; text: string; fromMe?: boolean; pushName?: string }) {
      const device = deviceOf(number);
      const link = openLinkOf(device);
      const jid = `${input.from}@s.whatsapp.net`;
      const key = { remoteJid: jid, fromMe: input.fromMe ?? false, id: idOf() };
      const lost = device.lostKeys.includes(`session:${input.from}.0`);
      const message: WireMessage = {
        key,
        messageTimestamp: seconds(new Date()),
        pushName: input.pushName ?? 'Maria',
        ...(lost
          ? { messageStubType: 2, messageStubParameters: ['No session record'] }
          : { message: { conversation: input.text } }),
      };
      if (!link) device.offline.push(message);
      else {
        ratchet(link, device, jid);
        push(link, { kind: 'event', name: 'messages.upsert', data: { type: 'notify', messages: [message] } });
      }
      return key.id;
    },
    /** A group member's receipt of a message we sent there (`message-receipt.update`). */
    receipt(number: string, input: { group: string; id: string; member: string; read?: boolean }) {
      const link = openLinkOf(deviceOf(number));
      const at = seconds(new Date());
      const receipt = {
        userJid: input.member,
        ...(input.read ? { readTimestamp: at } : { receiptTimestamp: at }),
      };
      if (link)
        push(link, {
          kind: 'event',
          name: 'message-receipt.update',
          data: [
            {
              key: { remoteJid: input.group, id: input.id, fromMe: true, participant: input.member },
              receipt,
            },
          ],
        });
    },
    /** WhatsApp closes the device's open socket with `code` (401: the phone removed the device). */
    drop(number: string, code: number, message = 'Stream Errored') {
      const device = deviceOf(number);
      const link = openLinkOf(device);
      if (code === 401) device.loggedOut = true;
      if (link) close(link, code, message);
    },
    /** From now on every connection is refused with 405, as WhatsApp does when the announced version is stale. */
    refuseVersion() {
      versionRefused = true;
    },
    async close() {
      for (const link of links) clearInterval(link.qrTimer);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FakeWhatsappWeb = Awaited<ReturnType<typeof startFakeWhatsappWeb>>;
