import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupSchema, loginBodySchema, myDataSchema, refreshBodySchema, tokenPairSchema } from '@ginhawa/contract';
import { clearAuthCookies, isCrossSite, isSecureRequest, setAuthCookies } from '../../plugins/auth';
import { forbidden } from '../../lib/http-error';
import { authenticate, createSession, deleteSession, listGroupsOf, revokeFamily, toMyData } from './auth.service';
import { currentUser } from '../../lib/actor';
import { errorResponses, throttled } from '../../lib/error-responses';

const okSchema = z.object({ message: z.string() });

/** The authentication calls (docs/product.md §7) under /api/users/. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env, tokens } = app.deps;

  app.get(
    '/my_data/',
    {
      config: { beforeOwnPassword: true },
      schema: { tags: ['auth'], response: { 200: myDataSchema, ...errorResponses } },
    },
    async (request) => toMyData(currentUser(request)),
  );

  app.get(
    '/my_groups/',
    {
      config: { beforeOwnPassword: true },
      schema: { tags: ['auth'], response: { 200: z.array(groupSchema), ...errorResponses } },
    },
    async (request) => listGroupsOf(db, currentUser(request).id),
  );

  app.post(
    '/login/',
    {
      config: { public: true, readsIdentity: true, csrfExempt: true },
      schema: {
        tags: ['auth'],
        body: loginBodySchema,
        response: { 200: myDataSchema, ...errorResponses, ...throttled },
      },
    },
    async (request, reply) => {
      const user = await authenticate(db, request.body.username, request.body.password, request.ip).catch(
        (err: unknown) => {
          // Not the username: people type passwords into it. The throttle table keeps the per-name counts.
          request.log.warn({ ip: request.ip }, 'failed login');
          throw err;
        },
      );
      // A fresh session id at every login; any session the browser carried is ended.
      if (request.identity?.via === 'session')
        await deleteSession(db, request.identity.sessionId, request.identity.user.id);
      const session = await createSession(db, user.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setAuthCookies(reply, session, isSecureRequest(request, env));
      return toMyData(user);
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/logout/',
    config: { public: true, readsIdentity: true },
    schema: { tags: ['auth'], response: { 200: okSchema, ...errorResponses } },
    handler: async (request, reply) => {
      // docs/product.md §7: logout keeps GET; POST is CSRF-checked, a GET is not, so another site must not be able to send one.
      if (request.method === 'GET' && isCrossSite(request, env.allowedOrigins)) {
        throw forbidden('Signing out from another site is not allowed. Use the Logout button in the panel.');
      }
      const identity = request.identity;
      if (identity?.via === 'session') await deleteSession(db, identity.sessionId, identity.user.id);
      if (identity?.via === 'bearer') await revokeFamily(db, identity.familyId, identity.user.id, 'logout');
      clearAuthCookies(reply, isSecureRequest(request, env));
      return { message: 'Signed out.' };
    },
  });

  app.post(
    '/token/',
    {
      config: { public: true, csrfExempt: true },
      schema: {
        tags: ['auth'],
        body: loginBodySchema,
        response: { 200: tokenPairSchema, ...errorResponses, ...throttled },
      },
    },
    async (request) => {
      const user = await authenticate(db, request.body.username, request.body.password, request.ip);
      return tokens.issuePair(db, user.id);
    },
  );

  app.post(
    '/token/refresh/',
    {
      config: { public: true, csrfExempt: true },
      schema: {
        tags: ['auth'],
        body: refreshBodySchema,
        response: { 200: tokenPairSchema, ...errorResponses, ...throttled },
      },
    },
    async (request) => {
      return tokens.refresh(db, request.body.refresh);
    },
  );
};
