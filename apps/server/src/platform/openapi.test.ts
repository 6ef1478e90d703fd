import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/app.js';

const app = await createTestApp();
afterAll(() => app.close());

type Operation = {
  parameters: { name: string; in: string }[];
  requestBody?: { content: { 'application/json': { schema: { properties?: Record<string, unknown> } } } };
  responses: Record<string, { content?: unknown }>;
  security?: unknown[];
};

test('GET /api/docs answers, without a sign-in, an OpenAPI document of every route', async () => {
  const { status, body } = await call(app, 'GET', '/api/docs');

  expect(status).toBe(200);
  expect(body.openapi).toBe('3.1.0');
  const documented = Object.entries(body.paths as Record<string, Record<string, Operation>>).flatMap(
    ([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
  const routes = app.registeredRoutes
    .filter((route) => !route.url.includes('*'))
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((m) => m !== 'HEAD')
        .map((m) => `${m} ${route.url.replace(/:(\w+)/g, '{$1}')}`),
    );
  expect(new Set(documented)).toEqual(new Set(routes));
});

test('an operation carries its parameters, body and answer from the contract', async () => {
  const { body } = await call(app, 'GET', '/api/docs');
  const updateQueue: Operation = body.paths['/queue/{id}'].put;
  const createContact: Operation = body.paths['/contacts'].post;
  const health: Operation = body.paths['/health'].get;

  expect(updateQueue.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
  expect(Object.keys(updateQueue.requestBody?.content['application/json'].schema.properties ?? {})).toEqual(
    expect.arrayContaining(['name', 'color', 'chatbots']),
  );
  expect(createContact.responses['201']?.content).toBeDefined();
  expect(health.security).toEqual([]);
});
