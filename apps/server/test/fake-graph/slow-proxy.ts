import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in front of the fake Graph API that holds a share of the answers to sends (POSTs
 * ending in `/messages`) for `delayMs` after the fake answered: the request took effect, but the
 * app's timeout fires first, as when Meta answers slowly. Every other request passes at once.
 */
export async function startSlowProxy(
  target: string,
  options: { share: number; delayMs: number; seed?: number },
) {
  let random = options.seed ?? 11;
  const nextRandom = () => {
    random = (random * 1103515245 + 12345) % 2 ** 31;
    return random / 2 ** 31;
  };
  let delayed = 0;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
      ),
    );
    const slow =
      request.method === 'POST' && /\/messages(\?|$)/.test(request.url ?? '') && nextRandom() < options.share;
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    }).catch(() => undefined);
    if (slow) {
      delayed++;
      await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    }
    // The app gave up on it meanwhile; a fault of the fake (a dropped connection) is passed on as one.
    if (!answer || response.destroyed) return response.socket?.destroy();
    response.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** How many answers were held past the app's timeout. */
    delayed: () => delayed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
