import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAssetBook, type FakePage, graphError } from './fake-assets.js';
import { fakeSdkScript } from './fake-sdk.js';
import { createTemplateBook, FAKE_WABA_ID } from './fake-templates.js';
import { cloudMessage, cloudStatus, cloudText, messagingEnvelope, PAGE_ID } from './fixtures.js';
import { sendWebhook } from './webhook-sender.js';

/**
 * A local Graph API speaking the routes of protocols.md §5: it checks tokens, versions and bodies
 * as Meta does, records every call, answers sends with ids, fires status and echo webhooks back
 * to the app, and can fail a share of calls (500, 429, timeout, dropped connection).
 */
export interface FakeGraphOptions {
  port?: number;
  /** The Cloud API system-user token. */
  token?: string;
  /** The page token of the Messenger and Instagram routes. */
  pageToken?: string;
  appId?: string;
  appSecret?: string;
  /** Where status and echo webhooks go (the app's /webhooks/meta); none are sent without it. */
  webhookUrl?: string;
  /** Share (0..1) of send calls that fail before doing anything; seeded, so a run repeats. */
  faultRate?: number;
  seed?: number;
  /** How long a "timeout" fault holds the request before dropping it. */
  hangMs?: number;
  /** How long after accepting a send its first status (or echo) webhook leaves; 20 ms by default. */
  statusDelayMs?: number;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** Set when the call was answered with a success and took effect (a send that Meta accepted). */
  accepted?: string;
  /** When the call arrived (ms since the epoch): a campaign's pacing shows in these. */
  at: number;
}

type Fault = '500' | '429' | 'timeout' | 'drop';
const FAULTS: Fault[] = ['500', '429', 'timeout', 'drop'];

/** A 48×48 green square: a photo a browser can draw. */
const SQUARE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAOklEQVR42u3OQQ0AAAgEoCtiQxtZ1hbOBxsBSE2/EiEhISEhISEhISEhISEhISEhISEhISEhISGhOwvhr0SXnViVTAAAAABJRU5ErkJggg==';

export async function startFakeGraph(options: FakeGraphOptions = {}) {
  const token = options.token ?? 'CLOUD_TOKEN';
  const pageToken = options.pageToken ?? 'PAGE_TOKEN';
  const appId = options.appId ?? '1517776481860111';
  const appSecret = options.appSecret ?? 'app-secret';
  let random = options.seed ?? 42;
  const nextRandom = () => {
    random = (random * 1103515245 + 12345) % 2 ** 31;
    return random / 2 ** 31;
  };
  const calls: RecordedCall[] = [];
  const media = new Map<string, { bytes: Buffer; mime: string }>();
  const assets = createAssetBook(token, pageToken);
  /**
   * Recipients whose 24-hour window Meta considers closed; `expired` ones are also past the 7 days
   * in which Messenger and Instagram still take a HUMAN_AGENT message.
   */
  const closedWindows = new Map<string, 'closed' | 'expired'>();
  const templates = createTemplateBook();
  const noConsent = new Set<string>();
  const forcedFaults: Fault[] = [];
  /** Statuses the next lookups of a media id answer, one each, before it is served again. */
  const mediaFaults = new Map<string, number[]>();
  let sequence = 0;
  let webhookUrl = options.webhookUrl;
  const statusDelay = options.statusDelayMs ?? 20;
  const pending = new Set<Promise<unknown>>();

  const fireWebhook = (payload: unknown, delayMs: number) => {
    if (!webhookUrl) return;
    const url = webhookUrl;
    const sent = new Promise((resolve) => setTimeout(resolve, delayMs))
      .then(() => sendWebhook(url, payload, appSecret))
      .catch(() => undefined);
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };

  /** The next forced fault, else (when `random`) one of the configured share. */
  function nextFault(random = true): Fault | undefined {
    const forced = forcedFaults.shift();
    if (forced || !random) return forced;
    const rate = options.faultRate ?? 0;
    if (rate > 0 && nextRandom() < rate) return FAULTS[Math.floor(nextRandom() * FAULTS.length)];
    return undefined;
  }

  function applyFault(fault: Fault, response: ServerResponse) {
    if (fault === 'drop') return response.socket?.destroy();
    if (fault === 'timeout') {
      setTimeout(() => response.socket?.destroy(), options.hangMs ?? 3_000);
      return;
    }
    if (fault === '429') return json(response, 429, graphError(130429, '(#130429) Rate limit hit'));
    return json(
      response,
      500,
      graphError(2, 'An unexpected error has occurred. Please retry your request later.'),
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = await readBody(request);
    const contentType = request.headers['content-type'] ?? '';
    const body = await parseBody(raw, contentType, url);
    const query = Object.fromEntries(url.searchParams);
    const call: RecordedCall = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query,
      body,
      at: Date.now(),
    };
    calls.push(call);
    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    const presented = bearer ?? query.access_token;

    if (url.pathname === '/_fake/inbound' && request.method === 'POST')
      return simulateCustomer(body, response);
    if (url.pathname === '/_fake/calls') return json(response, 200, calls);
    // A browser test's own Cloud API number (a phone number id belongs to one connection only).
    if (url.pathname === '/_fake/numbers' && request.method === 'POST') {
      const { id } = body as { id?: unknown };
      if (typeof id !== 'string' || !/^\d+$/.test(id))
        return json(response, 400, { error: 'id (digits) required' });
      assets.addNumber(id);
      return json(response, 200, {});
    }
    if (url.pathname === '/_fake/logins' && request.method === 'POST') {
      const login = body as { userToken: string; pages: FakePage[] };
      assets.addLogin(login.userToken, login.pages);
      return json(response, 200, {});
    }
    if (url.pathname === '/sdk.js') {
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'access-control-allow-origin': '*',
      });
      return response.end(fakeSdkScript(appId));
    }
    if (url.pathname.startsWith('/media-dl/')) {
      const item = media.get(url.pathname.slice('/media-dl/'.length));
      if (bearer !== token) return json(response, 401, graphError(190, 'Invalid OAuth access token.'));
      if (!item) return json(response, 404, {});
      response.writeHead(200, { 'content-type': item.mime });
      return response.end(item.bytes);
    }
    if (url.pathname.startsWith('/cdn/')) {
      response.writeHead(200, {
        'content-type': url.pathname.endsWith('.pdf') ? 'application/pdf' : 'image/png',
      });
      return response.end(Buffer.from(`cdn:${url.pathname}`));
    }
    const versioned = url.pathname.match(/^\/v\d+\.\d+\/(.+)$/);
    if (!versioned?.[1]) return json(response, 400, graphError(2500, 'Unknown path components'));
    const parts = versioned[1].split('/');

    if (parts[0] === 'oauth' && parts[1] === 'access_token') {
      if (query.client_id !== appId || query.client_secret !== appSecret)
        return json(response, 400, graphError(101, 'Error validating client secret.'));
      if (query.fb_exchange_token === 'EXPIRED')
        return json(
          response,
          400,
          graphError(190, 'Error validating access token: Session has expired', { error_subcode: 463 }),
        );
      return json(response, 200, {
        access_token: assets.exchange(query.fb_exchange_token ?? ''),
        token_type: 'bearer',
        expires_in: 5183944,
      });
    }
    if (parts[0] === 'me' && parts[1] === 'accounts')
      return answer(response, assets.accounts(presented ?? ''));
    if (parts[0] === 'me' && parts[1] === 'permissions')
      return json(response, 200, { data: [{ permission: 'pages_messaging', status: 'granted' }] });
    if (request.method === 'GET' && parts.length === 1 && parts[0] === 'me')
      return answer(response, assets.me(presented ?? ''));
    // Reading a phone number, page or Instagram account: only random faults spare it, so a tenant's
    // connection is made even under a fault rate.
    if (request.method === 'GET' && parts.length === 1 && assets.isAsset(parts[0] ?? '')) {
      const fault = nextFault(false);
      if (fault) return applyFault(fault, response);
      return answer(response, assets.read(parts[0] ?? '', presented ?? ''));
    }

    const isPageRoute =
      parts[0] === 'me' ||
      parts[1] === 'subscribed_apps' ||
      (parts.length === 1 && !media.has(parts[0] ?? ''));
    const validToken = isPageRoute
      ? assets.isPageToken(presented ?? '')
      : assets.isCloudToken(presented ?? '');
    if (!validToken) return json(response, 401, graphError(190, 'Invalid OAuth access token.'));

    if (parts[1] === 'message_templates') {
      if (parts[0] !== FAKE_WABA_ID) return json(response, 400, graphError(100, 'Unsupported get request'));
      return json(response, 200, { data: templates.list, paging: { cursors: { before: 'a', after: 'b' } } });
    }
    if (parts[1] === 'subscribed_apps') return json(response, 200, { success: true });
    if (parts[1] === 'message_attachments') return json(response, 200, { attachment_id: `att${++sequence}` });
    if (parts[1] === 'messages' && parts[0] === 'me') {
      const fault = nextFault();
      if (fault) return applyFault(fault, response);
      const fields =
        body instanceof FormData
          ? Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string'))
          : (body as Record<string, unknown>);
      if (body instanceof FormData && !(body.get('filedata') instanceof Blob))
        return json(response, 400, graphError(100, 'filedata is required'));
      return sendMessenger(
        fields,
        assets.pageOf(presented ?? '')?.id ?? PAGE_ID,
        call,
        response,
        body instanceof FormData,
      );
    }
    if (parts[1] === 'messages') {
      if (!assets.ownsNumber(presented ?? '', parts[0] ?? ''))
        return json(response, 400, graphError(100, 'Unsupported post request'));
      const fault = nextFault();
      if (fault) return applyFault(fault, response);
      return sendCloud(body as Record<string, unknown>, parts[0] ?? '', call, response);
    }
    if (parts[1] === 'media' && request.method === 'POST') {
      if (!(body instanceof FormData)) return json(response, 400, graphError(100, 'multipart expected'));
      const file = body.get('file');
      if (body.get('messaging_product') !== 'whatsapp' || !body.get('type') || !(file instanceof Blob))
        return json(response, 400, graphError(100, 'Param file is required'));
      const id = String(1_000_000_000_000 + ++sequence);
      media.set(id, { bytes: Buffer.from(await file.arrayBuffer()), mime: String(body.get('type')) });
      return json(response, 200, { id });
    }
    if (parts.length === 1) {
      const id = parts[0] ?? '';
      const item = media.get(id);
      if (request.method === 'DELETE') return json(response, 200, { success: media.delete(id) });
      const scripted = mediaFaults.get(id)?.shift();
      if (scripted)
        return json(
          response,
          scripted,
          scripted === 404
            ? graphError(100, `Unsupported get request. Object with ID '${id}' does not exist`)
            : graphError(2, 'An unexpected error has occurred. Please retry your request later.'),
        );
      const fault = item ? nextFault() : undefined;
      if (fault) return applyFault(fault, response);
      if (item)
        return json(response, 200, {
          messaging_product: 'whatsapp',
          url: `${address()}/media-dl/${id}?hash=fake`,
          mime_type: item.mime,
          sha256: createHash('sha256').update(item.bytes).digest('hex'),
          file_size: String(item.bytes.length),
          id,
        });
      if (noConsent.has(id))
        return json(response, 400, graphError(100, 'User consent is required to access user profile'));
      if (/^\d+$/.test(id) && query.fields)
        return json(response, 200, {
          id,
          first_name: 'Peter',
          last_name: 'Chang',
          name: 'Peter Chang',
          profile_pic: '',
        });
      return json(response, 400, graphError(100, 'Unsupported get request'));
    }
    return json(response, 400, graphError(100, 'Unsupported request'));
  }

  function sendCloud(
    body: Record<string, unknown>,
    phoneNumberId: string,
    call: RecordedCall,
    response: ServerResponse,
  ) {
    if (body.messaging_product !== 'whatsapp')
      return json(response, 400, graphError(100, 'messaging_product'));
    if (body.status === 'read') {
      if (typeof body.message_id !== 'string') return json(response, 400, graphError(131009, 'message_id'));
      return json(response, 200, { success: true });
    }
    const to = String(body.to ?? '').replace(/^\+/, '');
    const type = String(body.type ?? 'text');
    const part = body[type] as Record<string, unknown> | undefined;
    const valid =
      to &&
      part &&
      (type !== 'text' || typeof part.body === 'string') &&
      (!['image', 'video', 'audio', 'document', 'sticker'].includes(type) || part.id || part.link) &&
      (type !== 'reaction' || (part.message_id && typeof part.emoji === 'string')) &&
      (type !== 'template' || (part.name && (part.language as { code?: string } | undefined)?.code));
    if (!valid) return json(response, 400, graphError(131008, 'Required parameter is missing'));
    if (type === 'text' && String(part.body).length > 4096)
      return json(response, 400, graphError(100, "Param text['body'] must be at most 4096 characters long."));
    if (type === 'template') {
      const refusal = templates.refusal(part);
      if (refusal) return json(response, 400, graphError(refusal.code, refusal.message));
    }
    const id = `wamid.FAKE${++sequence}`;
    call.accepted = id;
    json(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id }],
    });
    const callback =
      typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : undefined;
    const status = (name: string, errorCode?: number) =>
      cloudStatus(id, name, errorCode, phoneNumberId, callback);
    if (closedWindows.has(to) && type !== 'template')
      return fireWebhook(status('failed', 131047), statusDelay);
    fireWebhook(status('sent'), statusDelay);
    fireWebhook(status('delivered'), statusDelay + 40);
    fireWebhook(status('read'), statusDelay + 80);
  }

  function sendMessenger(
    body: Record<string, unknown>,
    pageId: string,
    call: RecordedCall,
    response: ServerResponse,
    multipart: boolean,
  ) {
    const recipient = parseMaybe(body.recipient) as { id?: string } | undefined;
    const message = parseMaybe(body.message);
    const psid = recipient?.id;
    if (!psid)
      return json(response, 400, graphError(100, 'recipient is required', { error_subcode: 2018001 }));
    if (Boolean(message) === Boolean(body.sender_action))
      return json(response, 400, graphError(100, 'Exactly one of message and sender_action'));
    if (body.messaging_type === 'MESSAGE_TAG' && !body.tag)
      return json(response, 400, graphError(100, 'tag required'));
    if (body.sender_action) return json(response, 200, { recipient_id: psid });
    const replyTo = parseMaybe(body.reply_to) as { mid?: unknown } | undefined;
    if (replyTo && typeof replyTo.mid !== 'string')
      return json(response, 400, graphError(100, 'reply_to.mid must be a message id'));
    const attachment = (message as { attachment?: { payload?: Record<string, unknown> } }).attachment;
    const { url, attachment_id } = attachment?.payload ?? {};
    if (attachment && !multipart && !url && !attachment_id)
      return json(response, 400, graphError(100, 'attachment payload needs a url or an attachment_id'));
    const window = closedWindows.get(psid);
    if (window === 'expired' || (window === 'closed' && body.tag !== 'HUMAN_AGENT'))
      return json(
        response,
        400,
        graphError(10, '(#10) This message is sent outside of allowed window.', { error_subcode: 2018278 }),
      );
    const id = `m_FAKE${++sequence}`;
    call.accepted = id;
    json(response, 200, { recipient_id: psid, message_id: id });
    const { text, metadata } = message as { text?: string; metadata?: string };
    fireWebhook(
      messagingEnvelope(
        'page',
        [
          {
            sender: { id: pageId },
            recipient: { id: psid },
            timestamp: Date.now(),
            message: {
              is_echo: true,
              app_id: Number(appId),
              ...(metadata ? { metadata } : {}),
              mid: id,
              ...(text ? { text } : {}),
            },
          },
        ],
        pageId,
      ),
      statusDelay,
    );
    fireWebhook(
      messagingEnvelope(
        'page',
        [
          {
            sender: { id: psid },
            recipient: { id: pageId },
            delivery: { mids: [id], watermark: Date.now() },
          },
        ],
        pageId,
      ),
      statusDelay + 40,
    );
  }

  /**
   * For manual trials and browser tests: a customer writes `text` to a Cloud API number, a page or
   * an Instagram account (`to`), and the fake delivers the signed webhook as Meta would.
   */
  async function simulateCustomer(body: unknown, response: ServerResponse) {
    const input = body as {
      channel?: string;
      to?: string;
      from?: string;
      text?: string;
      name?: string;
      /** A Cloud API photo with `text` as its caption, its first lookups failing with 500. */
      image?: { failFirst?: number };
    };
    if (!webhookUrl || !input.to || !input.from || !input.text)
      return json(response, 400, { error: 'channel, to, from and text are required, and a webhook address' });
    const id =
      input.channel === 'whatsappapi' || !input.channel ? `wamid.SIM${++sequence}` : `m_SIM${++sequence}`;
    const payload =
      input.channel === 'facebook' || input.channel === 'instagram'
        ? messagingEnvelope(
            input.channel === 'facebook' ? 'page' : 'instagram',
            [
              {
                sender: { id: input.from },
                recipient: { id: input.to },
                timestamp: Date.now(),
                message: { mid: id, text: input.text },
              },
            ],
            input.to,
          )
        : cloudMessage(
            input.from,
            input.image ? customerPhoto(input.text, input.image) : cloudText(input.text),
            {
              id,
              name: input.name,
              phoneNumberId: input.to,
            },
          ).payload;
    const answer = await sendWebhook(webhookUrl, payload, appSecret);
    return json(response, 200, { id, webhookStatus: answer.status });
  }

  /** A media file the next inbound webhook may name by id. */
  function addMedia(bytes: Buffer, mime: string) {
    const id = String(2_000_000_000_000 + ++sequence);
    media.set(id, { bytes, mime });
    return id;
  }

  function customerPhoto(caption: string, { failFirst = 0 }: { failFirst?: number }) {
    const mediaId = addMedia(Buffer.from(SQUARE_PNG, 'base64'), 'image/png');
    mediaFaults.set(
      mediaId,
      Array.from({ length: failFirst }, () => 500),
    );
    return { type: 'image', image: { id: mediaId, mime_type: 'image/png', caption } };
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, graphError(1, String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: address(),
    token,
    pageToken,
    appId,
    appSecret,
    calls,
    /** Sends Meta accepted: the customer received these. */
    accepted: () => calls.filter((c) => c.accepted),
    addMedia,
    /** The customer's last message is over 24 hours old; `expired`: over 7 days. */
    closeWindow: (recipient: string, state: 'closed' | 'expired' = 'closed') =>
      closedWindows.set(recipient, state),
    /** A phone number of the business whose Cloud API token is `owner` (by default the fake's). */
    addPhoneNumber: (id: string, owner?: string) => assets.addNumber(id, owner),
    addPage: (page: FakePage) => assets.addPage(page),
    /** A Facebook login whose short-lived user token lists these pages. */
    addLogin: (userToken: string, pages: FakePage[]) => assets.addLogin(userToken, pages),
    denyProfile: (id: string) => noConsent.add(id),
    failNext: (...faults: Fault[]) => forcedFaults.push(...faults),
    /** The next lookups of this media id answer these statuses (404: Meta no longer has it), one each. */
    failMedia: (id: string, ...statuses: number[]) => mediaFaults.set(id, statuses),
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    /** Waits for every status and echo webhook already scheduled. */
    async settle() {
      while (pending.size) await Promise.all([...pending]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;

const answer = (response: ServerResponse, { status, body }: { status: number; body: unknown }) =>
  json(response, status, body);

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function parseBody(raw: Buffer, contentType: string, url: URL): Promise<unknown> {
  if (!raw.length) return {};
  if (contentType.includes('multipart/form-data'))
    return new Request(url, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(raw),
    }).formData();
  if (contentType.includes('application/json')) return JSON.parse(raw.toString('utf8'));
  return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
}

function parseMaybe(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
