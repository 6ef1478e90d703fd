import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as spec clients send them: many send `content-type: application/json` on a DELETE or a
 * body-less POST, which Fastify's own parser refuses as an empty JSON body. Empty reads as no body;
 * anything else goes to Fastify's parser, prototype-poisoning checks included.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
