import {
  companyAdminSchema,
  companyOptionsResponse,
  createCompanyBody,
  idParam,
  listCompaniesQuery,
  listCompaniesResponse,
  updateCompanyBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import {
  createCompany,
  deleteCompany,
  listCompanies,
  listCompanyOptions,
  showCompany,
  updateCompany,
} from './companies.admin.js';
import { renewCompany } from './companies.renew.js';

/** Spec 001 §7 Companies: the super user's alone (001 §6). */
export const companiesAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const gate = 'companies:manage' as const;
    const list = {
      config: { gate },
      schema: { querystring: listCompaniesQuery, response: { 200: listCompaniesResponse } },
    };
    // The spec's screen pages through /companiesPlan/; /companies answers the same.
    app.get('/companies', list, (request) => listCompanies(contextOf(deps, request), request.query));
    app.get('/companiesPlan', list, (request) => listCompanies(contextOf(deps, request), request.query));

    app.get(
      '/companies/list',
      { config: { gate }, schema: { response: { 200: companyOptionsResponse } } },
      (request) => listCompanyOptions(contextOf(deps, request)),
    );

    app.get(
      '/companies/:id',
      { config: { gate }, schema: { params: idParam, response: { 200: companyAdminSchema } } },
      (request) => showCompany(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/companies',
      { config: { gate }, schema: { body: createCompanyBody, response: { 201: companyAdminSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createCompany(contextOf(deps, request), request.body)),
    );

    app.put(
      '/companies/:id',
      {
        config: { gate },
        schema: { params: idParam, body: updateCompanyBody, response: { 200: companyAdminSchema } },
      },
      (request) => updateCompany(contextOf(deps, request), request.params.id, request.body),
    );

    // Ours: the spec's renew button, worked out by the server from its own clock (docs/decisions.md).
    app.post(
      '/companies/:id/renew',
      { config: { gate }, schema: { params: idParam, response: { 200: companyAdminSchema } } },
      (request) => renewCompany(contextOf(deps, request), request.params.id),
    );

    app.delete(
      '/companies/:id',
      { config: { gate }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteCompany(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
