import {
  announcementFeedQuery,
  announcementFeedResponse,
  announcementSchema,
  createAnnouncementBody,
  idParam,
  listAnnouncementsQuery,
  listAnnouncementsResponse,
  updateAnnouncementBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { uploadedFile } from '../../platform/storage/uploads.js';
import { removeAnnouncementMedia, uploadAnnouncementMedia } from './announcements.media.js';
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  readAllAnnouncements,
  readAnnouncementFeed,
  showAnnouncement,
  updateAnnouncement,
} from './announcements.service.js';

/** Spec 001 §2, §6, §7: the super user writes announcements; every user reads those that are on. */
export const announcementsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const manage = { gate: 'announcements:manage' } as const;

    app.get(
      '/announcements',
      {
        config: manage,
        schema: { querystring: listAnnouncementsQuery, response: { 200: listAnnouncementsResponse } },
      },
      (request) => listAnnouncements(contextOf(deps, request), request.query),
    );

    app.get(
      '/announcements/feed',
      {
        config: { gate: 'session' },
        schema: { querystring: announcementFeedQuery, response: { 200: announcementFeedResponse } },
      },
      (request) => readAnnouncementFeed(contextOf(deps, request), request.query.pageNumber),
    );

    app.post('/announcements/read', { config: { gate: 'session' } }, async (request, reply) => {
      await readAllAnnouncements(contextOf(deps, request));
      return reply.status(204).send();
    });

    app.get(
      '/announcements/:id',
      { config: manage, schema: { params: idParam, response: { 200: announcementSchema } } },
      (request) => showAnnouncement(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/announcements',
      { config: manage, schema: { body: createAnnouncementBody, response: { 201: announcementSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createAnnouncement(contextOf(deps, request), request.body)),
    );

    app.put(
      '/announcements/:id',
      {
        config: manage,
        schema: { params: idParam, body: updateAnnouncementBody, response: { 200: announcementSchema } },
      },
      (request) => updateAnnouncement(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/announcements/:id',
      { config: manage, schema: { params: idParam } },
      async (request, reply) => {
        await deleteAnnouncement(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/announcements/:id/media-upload',
      { config: manage, schema: { params: idParam, response: { 200: announcementSchema } } },
      async (request) =>
        uploadAnnouncementMedia(contextOf(deps, request), request.params.id, await uploadedFile(request)),
    );

    app.delete(
      '/announcements/:id/media-upload',
      { config: manage, schema: { params: idParam, response: { 200: announcementSchema } } },
      (request) => removeAnnouncementMedia(contextOf(deps, request), request.params.id),
    );
  };
