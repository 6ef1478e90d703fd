import {
  createScheduleBody,
  idParam,
  listSchedulesQuery,
  listSchedulesResponse,
  scheduleSchema,
  updateScheduleBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { uploadedFile } from '../../platform/storage/uploads.js';
import { removeScheduleMedia, uploadScheduleMedia } from './schedules.media.js';
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  showSchedule,
  updateSchedule,
} from './schedules.service.js';

const gate = { plan: 'useSchedules' } as const;

export const schedulesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/schedules',
      {
        config: { gate },
        schema: { querystring: listSchedulesQuery, response: { 200: listSchedulesResponse } },
      },
      (request) => listSchedules(contextOf(deps, request), request.query),
    );

    app.get(
      '/schedules/:id',
      { config: { gate }, schema: { params: idParam, response: { 200: scheduleSchema } } },
      (request) => showSchedule(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/schedules',
      { config: { gate }, schema: { body: createScheduleBody, response: { 201: scheduleSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createSchedule(contextOf(deps, request), request.body)),
    );

    app.put(
      '/schedules/:id',
      {
        config: { gate },
        schema: { params: idParam, body: updateScheduleBody, response: { 200: scheduleSchema } },
      },
      (request) => updateSchedule(contextOf(deps, request), request.params.id, request.body),
    );

    app.post(
      '/schedules/:id/media-upload',
      { config: { gate }, schema: { params: idParam, response: { 200: scheduleSchema } } },
      async (request) =>
        uploadScheduleMedia(contextOf(deps, request), request.params.id, await uploadedFile(request)),
    );

    app.delete(
      '/schedules/:id/media-upload',
      { config: { gate }, schema: { params: idParam, response: { 200: scheduleSchema } } },
      (request) => removeScheduleMedia(contextOf(deps, request), request.params.id),
    );

    app.delete(
      '/schedules/:id',
      { config: { gate }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteSchedule(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
