import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';

const TIMEOUT_MS = 15_000;
/** The provider's answers are small JSON (a QR image is a few KiB); more is not an answer. */
const MAX_ANSWER_BYTES = 1024 * 1024;

const tokenAnswer = z.object({ access_token: z.string(), expires_in: z.number() });
const chargeAnswer = z.object({
  txid: z.string(),
  loc: z.object({ id: z.number() }),
  status: z.string(),
  valor: z.object({ original: z.string() }),
  pix: z.array(z.object({ endToEndId: z.string(), valor: z.string() })).optional(),
});
const qrCodeAnswer = z.object({ qrcode: z.string(), imagemQrcode: z.string() });

type ProviderCharge = z.infer<typeof chargeAnswer>;

interface NewCharge {
  txid: string;
  valueCents: number;
  expiresInSeconds: number;
  description: string;
  payer?: { name: string; cpf?: string; cnpj?: string };
}

/** The Pix API in Efí's (Gerencianet's) shape: immediate charges (`cob`) and their QR codes. */
export interface PixClient {
  createCharge(charge: NewCharge): Promise<ProviderCharge>;
  findCharge(txid: string): Promise<ProviderCharge>;
  qrCode(locationId: number): Promise<z.infer<typeof qrCodeAnswer>>;
}

/** Reais as the provider writes them: "123.45". */
export const reais = (cents: number) => (cents / 100).toFixed(2);

/** Undefined while the operator has not set the provider's credentials (PIX_* settings). */
export function createPixClient(
  settings: Config['pix'],
  onFailure: (error: unknown) => void,
): PixClient | undefined {
  if (!settings.clientId || !settings.clientSecret || !settings.certPath || !settings.key) return undefined;
  // Every call presents the certificate the provider issued: its API is mutual TLS only.
  const agent = new Agent({
    pfx: readFileSync(settings.certPath),
    passphrase: settings.certPassphrase,
    ...(settings.caPath ? { ca: readFileSync(settings.caPath) } : {}),
    keepAlive: true,
  });
  let token: { value: string; until: number } | undefined;

  const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const call = request(
        `${settings.apiUrl}${path}`,
        {
          method,
          agent,
          timeout: TIMEOUT_MS,
          headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          let size = 0;
          answer.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) return call.destroy(new Error('Pix answer too large'));
            chunks.push(chunk);
          });
          answer.on('end', () => {
            const status = answer.statusCode ?? 0;
            if (status < 200 || status >= 300) return reject(new Error(`Pix ${method} ${path}: ${status}`));
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      call.on('timeout', () => call.destroy(new Error(`Pix ${method} ${path}: timed out`)));
      call.on('error', reject);
      call.end(payload);
    });

  /** OAuth2 client credentials, kept until a minute before the provider says the token ends. */
  const accessToken = async (now: number) => {
    if (token && token.until > now) return token.value;
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const answer = tokenAnswer.parse(
      await send(
        'POST',
        '/oauth/token',
        { authorization: `Basic ${basic}` },
        { grant_type: 'client_credentials' },
      ),
    );
    token = { value: answer.access_token, until: now + (answer.expires_in - 60) * 1000 };
    return token.value;
  };

  const api = async <T>(schema: z.ZodType<T>, method: string, path: string, body?: unknown): Promise<T> => {
    try {
      const bearer = await accessToken(Date.now());
      return schema.parse(await send(method, path, { authorization: `Bearer ${bearer}` }, body));
    } catch (error) {
      // The caller sees a code to retry on; what went wrong stays in the server's log.
      onFailure(error);
      throw new AppError('ERR_PIX_PROVIDER');
    }
  };

  return {
    createCharge: (charge) =>
      api(chargeAnswer, 'PUT', `/v2/cob/${charge.txid}`, {
        calendario: { expiracao: charge.expiresInSeconds },
        ...(charge.payer ? { devedor: payerOf(charge.payer) } : {}),
        valor: { original: reais(charge.valueCents) },
        chave: settings.key,
        solicitacaoPagador: charge.description,
      }),
    findCharge: (txid) => api(chargeAnswer, 'GET', `/v2/cob/${encodeURIComponent(txid)}`),
    qrCode: (locationId) => api(qrCodeAnswer, 'GET', `/v2/loc/${locationId}/qrcode`),
  };
}

const payerOf = ({ name, cpf, cnpj }: NonNullable<NewCharge['payer']>) =>
  cpf ? { cpf, nome: name } : { cnpj, nome: name };
