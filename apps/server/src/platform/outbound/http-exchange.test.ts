import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { AnswerTooLargeError, exchange } from './http-exchange.js';
import { operatorAddresses } from './url-guard.js';

const hits: string[] = [];
const server = createServer((request, response) => {
  hits.push(request.url ?? '');
  if (request.url === '/declared') {
    response.writeHead(200, { 'content-length': '2048' });
    response.end('x'.repeat(2048));
  } else if (request.url === '/streamed') {
    response.writeHead(200);
    for (let i = 0; i < 4; i++) response.write('y'.repeat(512));
    response.end();
  } else if (request.url === '/moved') {
    response.writeHead(307, { location: '/landed' });
    response.end();
  } else response.end('{"ok":true}');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://localhost:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = { method: 'POST', headers: {}, body: '{}', timeoutMs: 5_000, maxBytes: 1024 } as const;

describe('an outbound HTTP exchange', () => {
  test('an answer that says it is too long is refused', async () => {
    await expect(exchange(`${base}/declared`, operatorAddresses, post)).rejects.toBeInstanceOf(
      AnswerTooLargeError,
    );
  });

  test('an answer that grows too long while it streams is refused', async () => {
    await expect(exchange(`${base}/streamed`, operatorAddresses, post)).rejects.toBeInstanceOf(
      AnswerTooLargeError,
    );
  });

  test('a redirect is the answer: its target is not asked', async () => {
    const answer = await exchange(`${base}/moved`, operatorAddresses, post);

    expect(answer.status).toBe(307);
    expect(hits).not.toContain('/landed');
  });

  test('an operator’s URL goes where DNS says', async () => {
    const answer = await exchange(`${base}/ok`, operatorAddresses, post);

    expect(answer).toMatchObject({ status: 200 });
    expect(JSON.parse(answer.body.toString())).toEqual({ ok: true });
  });
});
