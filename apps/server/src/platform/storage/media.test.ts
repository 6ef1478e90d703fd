import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

/** Over a real socket: inject resolves `..` and `.` in the URL before the server sees it, a client may not. */
function get(path: string, token: string): Promise<{ statusCode: number; body: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: bearer(token), agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

async function storedFile(companyId: number) {
  const key = `company${companyId}/users/secret.png`;
  await app.deps.storage.put(key, Buffer.from(`bytes of ${companyId}`));
  return key;
}

describe('media paths', () => {
  test('a path that climbs out of the own company folder never reaches another company', async () => {
    const one = await createTenant(app);
    const two = await createTenant(app);
    await storedFile(one.companyId);
    const theirs = await storedFile(two.companyId);
    const a = `company${one.companyId}`;

    const own = await get(`/media/${a}/users/secret.png`, one.admin.token);
    expect(own.statusCode).toBe(200);
    const attempts = [
      `/media/${a}/../${theirs}`,
      `/media/${a}/%2e%2e/${theirs}`,
      `/media/${a}/%2E%2E%2F${theirs}`,
      `/media/${a}/users/..%5c..%5c${theirs}`,
      `/media/${a}/./../${theirs}`,
      `/media/${a}//../${theirs}`,
      `/media/${a}/%252e%252e/${theirs}`,
    ];
    for (const url of attempts) {
      const answer = await get(url, one.admin.token);
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
      expect(answer.body).not.toContain(`bytes of ${two.companyId}`);
    }
  });

  test('keys that are not plain segments are refused before the owner is read', async () => {
    const one = await createTenant(app);
    const a = `company${one.companyId}`;
    await storedFile(one.companyId);

    for (const url of [
      `/media/${a}/./users/secret.png`,
      `/media/${a}//users/secret.png`,
      `/media/${a}/users/secret.png%00.txt`,
      `/media/${a}/users%5csecret.png`,
    ]) {
      const answer = await get(url, one.admin.token);
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
    }
    await expect(app.deps.storage.read(`${a}/../${a}/users/secret.png`)).rejects.toThrow();
  });

  test("a deleted user's token no longer reads the company's media", async () => {
    const tenant = await createTenant(app);
    const leaving = await createUser(app, tenant.companyId);
    const key = await storedFile(tenant.companyId);
    expect((await get(`/media/${key}`, leaving.token)).statusCode).toBe(200);

    const removed = await call(app, 'DELETE', `/users/${leaving.id}`, { token: tenant.admin.token });

    expect(removed.status).toBe(204);
    expect((await get(`/media/${key}`, leaving.token)).statusCode).toBe(404);
    expect((await get(`/media/${key}`, tenant.admin.token)).statusCode).toBe(200);
  });
});
