import { type IncomingMessage, request as plainRequest, type RequestOptions } from 'node:http';
import { request as tlsRequest } from 'node:https';
import type { AddressPolicy } from './url-guard.js';

export interface ExchangeRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** The longest answer read; a longer one fails the exchange instead of filling memory. */
  maxBytes: number;
}

export interface ExchangeAnswer {
  status: number;
  body: Buffer;
}

export class AnswerTooLargeError extends Error {
  override name = 'AnswerTooLargeError';
}

function readBounded(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = () => response.destroy(new AnswerTooLargeError(`answer over ${maxBytes} bytes`));
    if (Number(response.headers['content-length']) > maxBytes) tooLarge();
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) tooLarge();
      else chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
    response.on('close', () => {
      if (!response.complete) reject(new Error('answer cut short'));
    });
  });
}

/**
 * One HTTP exchange, connected to the address the policy decided (with the URL's name still in the
 * Host header and TLS). A redirect is an answer like any other: never followed (docs/decisions.md).
 */
export async function exchange(
  target: string,
  policy: AddressPolicy,
  request: ExchangeRequest,
): Promise<ExchangeAnswer> {
  const url = new URL(target);
  const pinned = await policy.addressOf(url);
  const options: RequestOptions = {
    method: request.method,
    headers: {
      ...request.headers,
      // Node's agent also takes the TLS server name, and so the certificate's expected name, from here.
      host: url.host,
      'content-length': String(Buffer.byteLength(request.body)),
    },
    signal: AbortSignal.timeout(request.timeoutMs),
    ...(pinned && { hostname: pinned.address, family: pinned.family }),
  };
  const send = url.protocol === 'https:' ? tlsRequest : plainRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, options, (response) => {
      readBounded(response, request.maxBytes).then(
        (body) => resolve({ status: response.statusCode ?? 0, body }),
        reject,
      );
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
