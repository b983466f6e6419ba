import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeOwnPasswordBodySchema,
  groupWithCountSchema,
  idParamsSchema,
  myDataSchema,
  newPasswordSchema,
  userResource,
} from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { choosePasswordFirst, isSecureRequest, setAuthCookies } from '../../plugins/auth';
import { forbidden } from '../../lib/http-error';
import { readImageUpload } from '../../lib/uploads';
import { createSession, toMyData } from './auth.service';
import { listGroupsWithCounts } from './users.service';
import { changePassword, setAvatar } from './profile.service';
import { usersService } from './users-resource.service';
import { currentUser, isAdmin } from '../../lib/actor';
import { errorResponses, tooLarge } from '../../lib/error-responses';

const okSchema = z.object({ message: z.string() });

/**
 * /api/users/: accounts. Admins manage them; Managers may read (they address announcements to
 * people and groups). /{id}/update_password/ and /{id}/update_avatar/ are also a person's own.
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env } = app.deps;

  // Managers read accounts: they address announcements to people and groups.
  resourceRoutes(app, {
    tags: ['users'],
    readers: ['Manager'],
    writers: ['Admin'],
    schemas: userResource,
    service: usersService,
  });

  app.get(
    '/groups/',
    {
      config: { groups: ['Manager'] },
      schema: { tags: ['users'], response: { 200: z.array(groupWithCountSchema), ...errorResponses } },
    },
    async () => listGroupsWithCounts(db),
  );

  app.post(
    '/:id/update_password/',
    {
      // The one write left to a person whose password someone else set: choosing their own (decision 0017).
      config: { beforeOwnPassword: true },
      schema: {
        tags: ['users'],
        params: idParamsSchema,
        body: z.object({
          old_password: changeOwnPasswordBodySchema.shape.old_password.optional(),
          new_password: newPasswordSchema,
        }),
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const self = me.id === request.params.id;
      if (!self && !isAdmin(me)) throw forbidden('You may only change your own password.');
      // An Admin who has not chosen their own password yet sets nobody else's either.
      if (!self && me.mustChangePassword) throw choosePasswordFirst();
      await changePassword(db, {
        actorId: me.id,
        userId: request.params.id,
        newPassword: request.body.new_password,
        ip: request.ip,
        // People changing their own password prove they know the current one.
        oldPassword: self ? (request.body.old_password ?? '') : undefined,
      });
      if (self) {
        // The change ended every session; keep this browser signed in with a fresh one.
        const session = await createSession(db, me.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
        setAuthCookies(reply, session, isSecureRequest(request, env));
      }
      return { message: 'Password changed.' };
    },
  );

  app.post(
    '/:id/update_avatar/',
    {
      schema: {
        tags: ['users'],
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: myDataSchema, ...errorResponses, ...tooLarge },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (me.id !== request.params.id && !isAdmin(me)) throw forbidden('You may only change your own picture.');
      const image = await readImageUpload(request);
      return toMyData(await setAvatar(db, { actorId: me.id, userId: request.params.id, ...image }));
    },
  );
};
