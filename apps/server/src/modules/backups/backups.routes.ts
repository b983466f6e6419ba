import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupListSchema, backupSchema, idParamsSchema } from '@ginhawa/contract';
import { currentUser } from '../../lib/actor';
import { errorResponses, insufficientStorage } from '../../lib/error-responses';
import { backupsService } from './backups.service';

const tags = ['backups'];
// A backup holds every record of the business, password hashes included: Admins only.
const admins = { groups: ['Admin'] } as const;

export const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, env } = app.deps;

  app.get('/', { config: admins, schema: { tags, response: { 200: backupListSchema, ...errorResponses } } }, async () =>
    backupsService.list(database, env.dataDir),
  );

  app.post(
    '/',
    { config: admins, schema: { tags, response: { 201: backupSchema, ...errorResponses, ...insufficientStorage } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await backupsService.create(database, env.dataDir, { kind: 'manual', actorId: currentUser(request).id })),
  );

  app.get(
    '/:id/download/',
    {
      config: admins,
      schema: {
        tags,
        params: idParamsSchema,
        // The file itself (a gzipped tar of PGlite's data directory); errors are {message} as everywhere.
        produces: ['application/gzip'],
      },
    },
    async (request, reply) => {
      const backup = await backupsService.openDownload(
        database,
        env.dataDir,
        request.params.id,
        currentUser(request).id,
      );
      return reply
        .type('application/gzip')
        .header('content-length', backup.size)
        .header('content-disposition', `attachment; filename="${backup.file_name}"`)
        .header('cache-control', 'no-store')
        .send(fs.createReadStream(backup.path));
    },
  );
};
