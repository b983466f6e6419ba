import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@ginhawa/contract';
import { notFound, unauthorized } from '../../lib/http-error';
import { getFile } from './files.service';

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public route: the logo shows on the sign-in screen; any other file needs a signed-in user.
  app.get(
    '/:id/',
    { config: { public: true, readsIdentity: true }, schema: { tags: ['files'], params: idParamsSchema } },
    async (request, reply) => {
      const file = await getFile(app.deps.db, request.params.id);
      if (!file) throw notFound('No such file.');
      if (file.kind !== 'logo' && !request.identity) throw unauthorized();
      return reply
        .type(file.contentType)
        .header('cache-control', file.kind === 'logo' ? 'public, max-age=3600' : 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .send(file.data);
    },
  );
};
