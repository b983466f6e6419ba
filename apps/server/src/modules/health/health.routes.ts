import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@ginhawa/contract';
import { databaseIsUp } from './health.service';

const readySchema = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']) });
const liveSchema = z.object({ status: z.literal('ok') });

/**
 * Readiness and liveness (decision 0713, docs/operations.md "Health checks"). Both are public and
 * never touch the session, so a cookie sent during a database outage changes nothing.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Readiness: can this instance serve the API now? The database answers, and the event loop is not
  // saturated (the load shedder's 503 `{message}` is one of its answers, so the 503 schema takes both).
  app.get(
    '/',
    {
      config: { public: true },
      schema: { tags: ['health'], response: { 200: readySchema, 503: z.union([readySchema, errorBodySchema]) } },
    },
    async (_request, reply) => {
      const ok = await databaseIsUp(app.deps.db);
      if (!ok) void reply.header('retry-after', '5');
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', db: ok ? 'ok' : 'error' });
    },
  );

  // Liveness: is the process alive and answering? No database, and not shed under load: a busy
  // instance is not a dead one, and restarting it would only add the restart to the load.
  app.get(
    '/live/',
    {
      config: { public: true, pressureHandler: () => undefined },
      schema: { tags: ['health'], response: { 200: liveSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );
};
