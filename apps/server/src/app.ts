import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Db } from './db/client';
import type { Env } from './plugins/env';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { createTokenSigner, type TokenSigner } from './modules/users/auth.service';
import { authRoutes } from './modules/users/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { filesRoutes } from './modules/files/files.routes';
import { configurationsRoutes } from './modules/configurations/configurations.routes';
import { healthRoutes } from './modules/health/health.routes';
import { servicesRoutes } from './modules/services/services.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { banksRoutes } from './modules/banks/banks.routes';
import { salespersonsRoutes } from './modules/salespersons/salespersons.routes';
import { therapistsRoutes } from './modules/therapists/therapists.routes';
import { receptionistsRoutes } from './modules/receptionists/receptionists.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { registerNotificationSocket } from './modules/notifications/notifications.ws';

export type AppDeps = { db: Db; database: Database; env: Env; tokens: TokenSigner };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type BuildOptions = { database: Database; env: Env; secretKey: string; logger?: FastifyServerOptions['logger'] };

const BODY_LIMIT = 1024 * 1024;

/** Builds the app: external plugins → app plugins → routes. Nothing here listens or migrates. */
export const buildApp = async ({ database, env, secretKey, logger }: BuildOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: logger ?? { level: env.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrftoken"]'] },
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { db: database.db, database, env, tokens: createTokenSigner(secretKey) });
  app.decorateRequest('identity', null);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: env.cookieSecure,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Ginhawa API', description: 'Staff back-office API. Sign in with POST /api/users/login/ or a bearer token.', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);

  await app.register(
    async (api) => {
      registerAuth(api, { db: database.db, tokens: app.deps.tokens });
      await api.register(healthRoutes, { prefix: '/health' });
      await api.register(authRoutes, { prefix: '/users' });
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(filesRoutes, { prefix: '/files' });
      await api.register(notificationsRoutes, { prefix: '/notifications' });
      await api.register(configurationsRoutes, { prefix: '/configurations' });
      await api.register(servicesRoutes, { prefix: '/services' });
      await api.register(locationsRoutes, { prefix: '/locations' });
      await api.register(banksRoutes, { prefix: '/banks' });
      await api.register(salespersonsRoutes, { prefix: '/salespersons' });
      await api.register(therapistsRoutes, { prefix: '/therapists' });
      await api.register(receptionistsRoutes, { prefix: '/receptionists' });
      await api.register(clientsRoutes, { prefix: '/clients' });
    },
    { prefix: '/api' },
  );

  await registerNotificationSocket(app);
  registerSpa(app, env.webDist);
  return app;
};

/** Serves the built panel; any non-API GET that is not a file gets index.html (client routing). */
const registerSpa = (app: FastifyInstance, webDist: string) => {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    void app.register(fastifyStatic, {
      root: webDist,
      // Looked up per request, so a rebuilt panel is served without a restart.
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each asset.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed bundles never change; index.html must always be revalidated.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/ws/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
    }
    return reply.code(404).send({ message: `No API endpoint at ${request.method} ${pathname}.` });
  });
};
