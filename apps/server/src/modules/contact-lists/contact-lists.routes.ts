import {
  contactListBody,
  contactListExampleQuery,
  contactListFromContactsBody,
  contactListFromContactsResponse,
  contactListImportStarted,
  contactListItemSchema,
  contactListOptionsResponse,
  contactListSchema,
  createContactListItemBody,
  idParam,
  listContactListItemsQuery,
  listContactListItemsResponse,
  listContactListsQuery,
  listContactListsResponse,
  updateContactListItemBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { uploadedFile } from '../../platform/storage/uploads.js';
import {
  createContactListItem,
  deleteContactListItem,
  listContactListItems,
  showContactListItem,
  updateContactListItem,
} from './contact-list-items.service.js';
import { addContactsToList } from './contact-lists.from-contacts.js';
import { startListImport } from './contact-lists.import.js';
import {
  checkListNumbers,
  contactListOptions,
  createContactList,
  deleteContactList,
  listContactLists,
  showContactList,
  updateContactList,
} from './contact-lists.service.js';
import { exampleListSheet } from './contact-lists.sheet.js';

/** Spec 001 §6: campaign pages (lists included) need the plan's campaigns; the menu puts them under admin. */
const gate = { plan: 'useCampaigns', gate: 'campaigns:manage' } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const contactListsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/contact-lists',
      {
        config: { gate },
        schema: { querystring: listContactListsQuery, response: { 200: listContactListsResponse } },
      },
      (request) => listContactLists(contextOf(deps, request), request.query),
    );

    app.get(
      '/contact-lists/list',
      { config: { gate }, schema: { response: { 200: contactListOptionsResponse } } },
      (request) => contactListOptions(contextOf(deps, request)),
    );

    app.get(
      '/contact-lists/example-sheet',
      { config: { gate }, schema: { querystring: contactListExampleQuery } },
      async (request, reply) =>
        reply
          .type(XLSX)
          .header('content-disposition', 'attachment; filename="planilha.xlsx"')
          .send(await exampleListSheet(request.query.language)),
    );

    app.get(
      '/contact-lists/:id',
      { config: { gate }, schema: { params: idParam, response: { 200: contactListSchema } } },
      (request) => showContactList(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/contact-lists',
      { config: { gate }, schema: { body: contactListBody, response: { 201: contactListSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createContactList(contextOf(deps, request), request.body)),
    );

    app.put(
      '/contact-lists/:id',
      {
        config: { gate },
        schema: { params: idParam, body: contactListBody, response: { 200: contactListSchema } },
      },
      (request) => updateContactList(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/contact-lists/:id',
      { config: { gate }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteContactList(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/contact-lists/:id/upload',
      { config: { gate }, schema: { params: idParam, response: { 202: contactListImportStarted } } },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await startListImport(contextOf(deps, request), request.params.id, await uploadedFile(request)),
          ),
    );

    app.post(
      '/contact-lists/:id/from-contacts',
      {
        config: { gate },
        schema: {
          params: idParam,
          body: contactListFromContactsBody,
          response: { 200: contactListFromContactsResponse },
        },
      },
      (request) => addContactsToList(contextOf(deps, request), request.params.id, request.body),
    );

    app.post(
      '/contact-lists/:id/check-numbers',
      { config: { gate }, schema: { params: idParam, response: { 200: contactListSchema } } },
      (request) => checkListNumbers(contextOf(deps, request), request.params.id),
    );

    app.get(
      '/contact-list-items',
      {
        config: { gate },
        schema: { querystring: listContactListItemsQuery, response: { 200: listContactListItemsResponse } },
      },
      (request) => listContactListItems(contextOf(deps, request), request.query),
    );

    app.get(
      '/contact-list-items/:id',
      { config: { gate }, schema: { params: idParam, response: { 200: contactListItemSchema } } },
      (request) => showContactListItem(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/contact-list-items',
      {
        config: { gate },
        schema: { body: createContactListItemBody, response: { 201: contactListItemSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createContactListItem(contextOf(deps, request), request.body)),
    );

    app.put(
      '/contact-list-items/:id',
      {
        config: { gate },
        schema: {
          params: idParam,
          body: updateContactListItemBody,
          response: { 200: contactListItemSchema },
        },
      },
      (request) => updateContactListItem(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/contact-list-items/:id',
      { config: { gate }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteContactListItem(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
