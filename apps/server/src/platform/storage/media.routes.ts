import type { FastifyPluginAsync } from 'fastify';
import { bearerToken } from '../auth/authenticate.js';
import type { AppDeps } from '../context.js';
import { AppError } from '../errors.js';
import { companyOfKey } from './media-links.js';
import { contentTypeOf } from './media-types.js';

/**
 * Media of a company reach only that company: through a signed link handed out in an answer,
 * or with a session of the owning company. Anything else is "not found".
 */
export const mediaRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>(
      '/media/*',
      // Checked in the handler: a signed link, or a session of the company that owns the file.
      { config: { gate: 'public' } },
      async (request, reply) => {
        const key = request.params['*'];
        const owner = companyOfKey(key);
        if (owner === undefined) throw new AppError('ERR_NO_MEDIA_FOUND');
        const { exp, sig } = request.query;
        const signed = exp !== undefined && sig !== undefined && deps.links.verify(key, Number(exp), sig);
        if (!signed && !(await sessionOwns(deps, bearerToken(request), owner)))
          throw new AppError('ERR_NO_MEDIA_FOUND');

        const file = await deps.storage.read(key).catch(() => undefined);
        if (!file) throw new AppError('ERR_NO_MEDIA_FOUND');
        const type = contentTypeOf(key);
        // Documents download rather than open in the app's origin.
        const inline = /^(image|audio|video)\/|^application\/pdf$/.test(type);
        return reply
          .header('content-type', type)
          .header('content-disposition', inline ? 'inline' : 'attachment')
          .header('content-length', file.size)
          .header('cache-control', 'private, max-age=3600')
          .send(file.stream);
      },
    );
  };

/** The user behind the token must still exist in that company: a deleted user's token reads nothing. */
async function sessionOwns(deps: AppDeps, token: string | undefined, companyId: number): Promise<boolean> {
  if (!token) return false;
  const claims = await deps.tokens.verifyAccess(token).catch(() => undefined);
  if (claims?.companyId !== companyId) return false;
  const actor = await deps.actors.load(claims.userId);
  return actor?.companyId === companyId;
}
