import {
  blockContactBody,
  contactImportStarted,
  contactProfileParams,
  contactProfileResponse,
  contactSchema,
  createContactBody,
  idParam,
  listContactsQuery,
  listContactsResponse,
  updateContactBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { fastSerializerCompiler } from '../../platform/fast-serializer.js';
import { uploadedFile } from '../../platform/storage/uploads.js';
import { exportContacts } from './contacts.export.js';
import { startContactImport } from './contacts.import.js';
import { contactProfile } from './contacts.profile.js';
import {
  createContact,
  deleteContact,
  listContacts,
  setContactFlag,
  showContact,
  updateContact,
} from './contacts.service.js';
import { exampleSheet } from './contacts.sheet.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (name: string) => `attachment; filename="${name}"`;

export const contactsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/contacts/profile/:number',
      {
        config: { gate: 'session' },
        schema: { params: contactProfileParams, response: { 200: contactProfileResponse } },
      },
      (request) => contactProfile(contextOf(deps, request), request.params.number),
    );
    app.get(
      '/contacts',
      {
        config: { gate: 'session' },
        serializerCompiler: fastSerializerCompiler,
        schema: { querystring: listContactsQuery, response: { 200: listContactsResponse } },
      },
      (request) => listContacts(contextOf(deps, request), request.query),
    );

    app.get('/contacts/export', { config: { gate: 'session' } }, async (request, reply) =>
      reply
        .type(XLSX)
        .header('content-disposition', attachment('backup_contatos.xlsx'))
        .send(await exportContacts(contextOf(deps, request))),
    );

    app.get('/contacts/planilha.xlsx', { config: { gate: 'session' } }, async (_request, reply) =>
      reply
        .type(XLSX)
        .header('content-disposition', attachment('planilha.xlsx'))
        .send(await exampleSheet()),
    );

    app.get(
      '/contacts/:id',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: contactSchema } } },
      (request) => showContact(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/contacts',
      { config: { gate: 'session' }, schema: { body: createContactBody, response: { 201: contactSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createContact(contextOf(deps, request), request.body)),
    );

    app.post(
      '/contacts/upload',
      { config: { gate: 'session' }, schema: { response: { 202: contactImportStarted } } },
      async (request, reply) =>
        reply
          .status(202)
          .send(await startContactImport(contextOf(deps, request), await uploadedFile(request))),
    );

    app.put(
      '/contacts/:id',
      {
        config: { gate: 'session' },
        schema: { params: idParam, body: updateContactBody, response: { 200: contactSchema } },
      },
      (request) => updateContact(contextOf(deps, request), request.params.id, request.body),
    );

    app.put(
      '/contacts/block/:id',
      {
        config: { gate: 'session' },
        schema: { params: idParam, body: blockContactBody, response: { 200: contactSchema } },
      },
      (request) =>
        setContactFlag(contextOf(deps, request), request.params.id, () => ({ active: request.body.active })),
    );

    app.put(
      '/contacts/toggleDisableBot/:id',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: contactSchema } } },
      (request) =>
        setContactFlag(contextOf(deps, request), request.params.id, (c) => ({ disableBot: !c.disableBot })),
    );

    app.put(
      '/contacts/toggleAcceptAudio/:id',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: contactSchema } } },
      (request) =>
        setContactFlag(contextOf(deps, request), request.params.id, (c) => ({
          acceptAudioMessage: !c.acceptAudioMessage,
        })),
    );

    app.delete(
      '/contacts/:id',
      { config: { gate: 'contacts-page:deleteContact' }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteContact(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
