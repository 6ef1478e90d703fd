import { errorStatus } from '@balcao/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { RouteGate } from './permissions.js';

type JsonSchema = Record<string, unknown>;
type RouteSchema = {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  response?: Record<string, unknown>;
};

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** A route schema as JSON Schema: what a client sends (`input`) or receives (`output`). */
function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!isZod(schema)) return undefined;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Path and query parameters, one entry each, from an object schema's properties. */
function parametersOf(schema: unknown, where: 'path' | 'query') {
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function describeGate(gate: RouteGate | undefined): string {
  if (gate === 'public') return 'No sign-in needed.';
  if (gate === 'session' || gate === undefined) return 'Any signed-in user of the company.';
  return `Signed in, and passing the gate ${JSON.stringify(gate)} (spec §6).`;
}

function operationOf(route: RouteOptions) {
  const schema = (route.schema ?? {}) as RouteSchema;
  const gate = route.config?.gate;
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(schema.response ?? {})) {
    const json = jsonSchemaOf(answer, 'output');
    responses[status] = {
      description: `HTTP ${status}`,
      ...(json ? { content: { 'application/json': { schema: json } } } : {}),
    };
  }
  if (Object.keys(responses).length === 0) responses.default = { description: 'See the route' };
  responses['4XX'] = { description: 'An error: `{ error: ERR_*, message, fields? }`' };
  const body = jsonSchemaOf(schema.body, 'input');
  return {
    description: describeGate(gate),
    ...(gate === 'public' ? { security: [] } : {}),
    parameters: [...parametersOf(schema.params, 'path'), ...parametersOf(schema.querystring, 'query')],
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses,
  };
}

/** Fastify's `/users/:id` is OpenAPI's `/users/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The whole API as an OpenAPI 3.1 document, read from the routes' own schemas (the contract in packages/shared). */
function buildOpenApiDocument(routes: readonly RouteOptions[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (method) => method !== 'HEAD' && method !== 'OPTIONS',
    );
    if (route.url.includes('*') || methods.length === 0) continue;
    const path = openApiPath(route.url);
    paths[path] ??= {};
    for (const method of methods) paths[path][method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Balcão API',
      version: '1',
      description: `Errors answer \`{ error, message, fields? }\` with one of these codes: ${Object.keys(errorStatus).join(', ')}.`,
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

/** GET /api/docs: the document, built once when first asked for. */
export async function openApiRoutes(app: FastifyInstance) {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get('/api/docs', { config: { gate: 'public' } }, async () => {
    document ??= buildOpenApiDocument(app.registeredRoutes);
    return document;
  });
}
