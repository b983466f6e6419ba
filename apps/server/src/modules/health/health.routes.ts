import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseIsUp } from './health.service';

const healthSchema = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { public: true }, schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const ok = await databaseIsUp(app.deps.db);
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', db: ok ? 'ok' : 'error' });
    },
  );
};
