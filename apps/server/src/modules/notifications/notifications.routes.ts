import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MANAGER_GROUP,
  announcementBodySchema,
  errorBodySchema,
  notificationListQuerySchema,
  notificationSchema,
  pageSchema,
  recipientsCountQuerySchema,
  recipientsCountSchema,
} from '@ginhawa/contract';
import { announce, countRecipients, pageForUser } from './notifications.service';
import { currentUser } from '../../lib/actor';

/** /api/notifications/: my notifications (paged, newest first) and announcements by Admin/Manager. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/',
    {
      schema: {
        tags: ['notifications'],
        querystring: notificationListQuerySchema,
        response: { 200: pageSchema(notificationSchema), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => pageForUser(db, currentUser(request), request.query, request.url),
  );

  app.post(
    '/',
    {
      config: { groups: [MANAGER_GROUP] },
      schema: {
        tags: ['notifications'],
        body: announcementBodySchema,
        response: {
          201: z.object({ recipients: z.number().int() }),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await announce(db, currentUser(request), request.body)),
  );

  app.get(
    '/recipients-count/',
    {
      config: { groups: [MANAGER_GROUP] },
      schema: {
        tags: ['notifications'],
        querystring: recipientsCountQuerySchema,
        response: { 200: recipientsCountSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => countRecipients(db, currentUser(request), request.query),
  );
};
