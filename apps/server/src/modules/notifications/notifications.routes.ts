import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MANAGER_GROUP,
  announcementBodySchema,
  decideBodySchema,
  idParamsSchema,
  notificationListQuerySchema,
  notificationSchema,
  pageSchema,
  recipientsCountQuerySchema,
  recipientsCountSchema,
} from '@ginhawa/contract';
import { announce, countRecipients } from './announcements.service';
import { decide, getForUser, pageForUser } from './notifications.service';
import { currentUser } from '../../lib/actor';
import { errorResponses } from '../../lib/error-responses';

/** /api/notifications/: my notifications (paged, newest first) and announcements by Admin/Manager. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/',
    {
      schema: {
        tags: ['notifications'],
        querystring: notificationListQuerySchema,
        response: { 200: pageSchema(notificationSchema), ...errorResponses },
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
          ...errorResponses,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await announce(db, currentUser(request), request.body)),
  );

  // The same decision as the socket's approve_notification, for clients without the live channel.
  app.post(
    '/:id/decide/',
    {
      config: { groups: [MANAGER_GROUP] },
      schema: {
        tags: ['notifications'],
        params: idParamsSchema,
        body: decideBodySchema,
        response: {
          200: notificationSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await decide(db, user, request.params.id, request.body.approved);
      return getForUser(db, user, request.params.id);
    },
  );

  app.get(
    '/recipients-count/',
    {
      config: { groups: [MANAGER_GROUP] },
      schema: {
        tags: ['notifications'],
        querystring: recipientsCountQuerySchema,
        response: { 200: recipientsCountSchema, ...errorResponses },
      },
    },
    async (request) => countRecipients(db, currentUser(request), request.query),
  );
};
