import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
  body: unknown;
}

interface FakeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}
type Route = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * A local HTTP server standing in for an outside service (OpenAI, Typebot, Google, a webhook
 * receiver): each test gives it the service's documented answers and reads what it was sent.
 */
export async function createFakeHttp(route: Route) {
  const received: FakeRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const isJson = req.headers['content-type']?.includes('json');
    const request: FakeRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      raw,
      body: isJson && raw ? JSON.parse(raw) : Object.fromEntries(new URLSearchParams(raw)),
    };
    received.push(request);
    const answer = await route(request);
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
