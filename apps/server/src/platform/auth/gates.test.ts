import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { enforceGate } from '../permissions.js';
import type { RequestActor } from './actor.js';
import { registerWithGate, requireDeclaredGates } from './authenticate.js';

const webDist = mkdtempSync(join(tmpdir(), 'balcao-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Balcão</title>');
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
const app = await createTestApp({ env: { WEB_DIST: webDist } });
afterAll(() => app.close());

const registered = app.registeredRoutes;
const gateOf = (method: string, url: string) =>
  registered.find((r) => r.url === url && [r.method].flat().includes(method))?.config?.gate;

describe('every route declares who may call it', () => {
  test('no registered route lacks a gate, the web app and media included', () => {
    const undeclared = registered
      .filter((route) => route.config?.gate === undefined)
      .map((route) => `${route.method} ${route.url}`);

    expect(registered.length).toBeGreaterThan(30);
    expect(undeclared).toEqual([]);
    expect(gateOf('GET', '/health')).toBe('public');
    expect(gateOf('GET', '/media/*')).toBe('public');
    expect(gateOf('GET', '/assets/app.js')).toBe('public');
    expect(gateOf('POST', '/auth/login')).toBe('public');
    expect(gateOf('DELETE', '/users/:id')).toBe('users:manage');
    expect(gateOf('PUT', '/users/:id')).toEqual({ selfOr: 'users:manage' });
    expect(gateOf('GET', '/tickets')).toBe('session');
  });

  test('a route registered without a gate stops the server from starting', async () => {
    const bare = Fastify();
    requireDeclaredGates(bare);
    bare.get('/open', () => 'oops');
    bare.get('/closed', { config: { gate: 'session' } }, () => 'fine');

    await expect(bare.ready()).rejects.toThrow('Routes without a declared gate: GET /open');
  });

  test('routes a plugin registers on its own take the gate they were registered with', async () => {
    const bare = Fastify();
    requireDeclaredGates(bare);
    await registerWithGate(bare, 'public', () =>
      bare.register(async (files) => {
        files.get('/file.js', () => 'file');
      }),
    );
    bare.get('/later', () => 'not covered');

    await expect(bare.ready()).rejects.toThrow('Routes without a declared gate: GET /later, HEAD /later');
  });
});

describe('the authentication hook enforces the declared gate', () => {
  test('an attendant reads and edits their own record, not a colleague’s', async () => {
    const tenant = await createTenant(app);
    const attendant = await createUser(app, tenant.companyId);

    const own = await call(app, 'GET', `/users/${attendant.id}`, { token: attendant.token });
    const rename = await call(app, 'PUT', `/users/${attendant.id}`, {
      token: attendant.token,
      body: { name: 'Renamed Self' },
    });
    const other = await call(app, 'GET', `/users/${tenant.admin.id}`, { token: attendant.token });
    const renameOther = await call(app, 'PUT', `/users/${tenant.admin.id}`, {
      token: attendant.token,
      body: { name: 'Renamed Admin' },
    });

    expect(own.status).toBe(200);
    expect(rename).toMatchObject({ status: 200, body: { name: 'Renamed Self' } });
    expect(other).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(renameOther).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  test('an attendant cannot change connections or settings', async () => {
    const tenant = await createTenant(app);
    const attendant = await createUser(app, tenant.companyId);

    const create = await call(app, 'POST', '/whatsapp', {
      token: attendant.token,
      body: { name: 'Site', channel: 'webchat' },
    });
    const setting = await call(app, 'PUT', '/companySettings', {
      token: attendant.token,
      body: { column: 'userRating', data: 'enabled' },
    });

    expect(create).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(setting).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});

describe('gate shapes', () => {
  const actor = (overrides: Partial<RequestActor>): RequestActor =>
    ({
      userId: 7,
      profile: 'user',
      super: false,
      company: { plan: { useCampaigns: false } },
      ...overrides,
    }) as RequestActor;

  test('a plan gate needs the plan feature, and the permission when one is named', () => {
    const admin = actor({ profile: 'admin' });
    const withCampaigns = actor({
      profile: 'admin',
      company: { plan: { useCampaigns: true } } as RequestActor['company'],
    });

    expect(() => enforceGate(admin, { plan: 'useCampaigns' }, {})).toThrow('ERR_PLAN_FEATURE_DISABLED');
    expect(() => enforceGate(withCampaigns, { plan: 'useCampaigns' }, {})).not.toThrow();
    expect(() =>
      enforceGate(
        { ...withCampaigns, profile: 'user' },
        { plan: 'useCampaigns', gate: 'campaigns:manage' },
        {},
      ),
    ).toThrow('ERR_NO_PERMISSION');
  });

  test('an undeclared gate refuses rather than lets through', () => {
    expect(() => enforceGate(actor({ profile: 'admin' }), undefined, {})).toThrow('ERR_NO_PERMISSION');
  });
});
