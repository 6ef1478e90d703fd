import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { createPixCertificates, type PixCertificates } from './certificates.js';

export const FAKE_PIX_CLIENT = { id: 'Client_Id_fake', secret: 'Client_Secret_fake', key: 'pix@balcao.test' };

interface FakeCharge {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA';
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  devedor?: unknown;
  loc: { id: number };
  pix?: { endToEndId: string; txid: string; valor: string; horario: string }[];
}

/** A 1×1 PNG: the fake draws no real QR code, only hands over an image the way the provider does. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * A local stand-in for a Pix provider in Efí's shape: mutual TLS with a certificate made for the run,
 * OAuth2 client credentials, `PUT`/`GET /v2/cob/:txid` and `GET /v2/loc/:id/qrcode`. A payer "pays"
 * with `pay(txid)` (or `POST /fake/pay/:txid` from another process), which notifies `webhookUrl`.
 */
export async function startFakePix(options: { webhookUrl?: string } = {}) {
  const certificates: PixCertificates = createPixCertificates();
  const charges = new Map<string, FakeCharge>();
  const tokens = new Set<string>();
  const requests: { method: string; path: string; clientCertificate: boolean }[] = [];
  let nextLocation = 1;
  let webhookUrl = options.webhookUrl;

  const notificationOf = (charge: FakeCharge) => ({ pix: charge.pix ?? [] });

  async function pay(txid: string) {
    const charge = charges.get(txid);
    if (!charge) throw new Error(`no charge ${txid}`);
    charge.status = 'CONCLUIDA';
    charge.pix = [
      {
        endToEndId: `E${randomUUID().replace(/-/g, '').slice(0, 31)}`,
        txid,
        valor: charge.valor.original,
        horario: new Date().toISOString(),
      },
    ];
    const notification = notificationOf(charge);
    if (webhookUrl)
      await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(notification),
      });
    return notification;
  }

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function route(req: IncomingMessage, res: ServerResponse, body: string) {
    const path = req.url ?? '';
    const method = req.method ?? '';
    if (method === 'POST' && path.startsWith('/fake/pay/'))
      return answer(res, 200, await pay(decodeURIComponent(path.slice('/fake/pay/'.length))));
    if (method === 'POST' && path === '/oauth/token') {
      const expected = `Basic ${Buffer.from(`${FAKE_PIX_CLIENT.id}:${FAKE_PIX_CLIENT.secret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || JSON.parse(body).grant_type !== 'client_credentials')
        return answer(res, 401, { error: 'invalid_client' });
      const token = randomUUID();
      tokens.add(token);
      return answer(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'cob.write',
      });
    }
    if (!tokens.has(req.headers.authorization?.replace('Bearer ', '') ?? ''))
      return answer(res, 401, { nome: 'nao_autorizado' });
    const cob = /^\/v2\/cob\/([^/]+)$/.exec(path);
    if (cob?.[1] && method === 'PUT') {
      const txid = cob[1];
      if (!/^[a-zA-Z0-9]{26,35}$/.test(txid)) return answer(res, 400, { nome: 'txid_invalido' });
      const request = JSON.parse(body);
      const charge: FakeCharge = {
        txid,
        status: 'ATIVA',
        valor: request.valor,
        chave: request.chave,
        solicitacaoPagador: request.solicitacaoPagador,
        devedor: request.devedor,
        loc: { id: nextLocation++ },
      };
      charges.set(txid, charge);
      return answer(res, 201, {
        ...charge,
        calendario: { criacao: new Date().toISOString(), expiracao: request.calendario?.expiracao },
      });
    }
    if (cob?.[1] && method === 'GET') {
      const charge = charges.get(cob[1]);
      return charge ? answer(res, 200, charge) : answer(res, 404, { nome: 'cobranca_nao_encontrada' });
    }
    const qr = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(path);
    const located = qr && [...charges.values()].find((charge) => charge.loc.id === Number(qr[1]));
    if (located && method === 'GET')
      return answer(res, 200, {
        qrcode: `00020101021226830014BR.GOV.BCB.PIX${located.txid}5204000053039865802BR`,
        imagemQrcode: PIXEL,
      });
    return answer(res, 404, { nome: 'nao_encontrado' });
  }

  // Like the provider, only a client presenting a certificate of its authority gets in (mutual TLS).
  const server = createServer(
    {
      key: certificates.serverKey,
      cert: certificates.serverCert,
      ca: certificates.ca,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        requests.push({
          method: req.method ?? '',
          path: req.url ?? '',
          clientCertificate: (req.socket as TLSSocket).authorized,
        });
        route(req, res, Buffer.concat(chunks).toString('utf8')).catch((error) =>
          answer(res, 500, { error: String(error) }),
        );
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    certificates,
    charges,
    requests,
    pay,
    setWebhookUrl: (next: string) => {
      webhookUrl = next;
    },
    /** The server's settings to reach this fake (PIX_* environment). */
    env: {
      PIX_API_URL: url,
      PIX_CLIENT_ID: FAKE_PIX_CLIENT.id,
      PIX_CLIENT_SECRET: FAKE_PIX_CLIENT.secret,
      PIX_CERT: certificates.clientP12Path,
      PIX_CERT_PASSPHRASE: certificates.passphrase,
      PIX_CA: certificates.caPath,
      PIX_KEY: FAKE_PIX_CLIENT.key,
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(certificates.dir, { recursive: true, force: true });
    },
  };
}
