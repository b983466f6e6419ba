import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database, Db } from './db/client';
import type { Env } from './plugins/env';
import { accessOf, registerAuth } from './plugins/auth';
import { registerLimits } from './plugins/limits';
import { answerClientError, registerErrorHandling } from './plugins/errors';
import { registerUtf8Json } from './lib/utf8-json';
import { registerSecurityHeaders } from './lib/security-headers';
import { acceptedEncodings } from './lib/accept-encoding';
import { HttpError } from './lib/http-error';
import { serializeError, serializeRequest } from './lib/logging';
import { createTokenSigner, resolveIdentity, type TokenSigner } from './modules/users/index';
import { CONSTRAINTS, MODULES } from './modules/index';

export type AppDeps = { db: Db; database: Database; env: Env; tokens: TokenSigner };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type BuildOptions = { database: Database; env: Env; secretKey: string; logger?: FastifyServerOptions['logger'] };

const BODY_LIMIT = 1024 * 1024;

/** Levels and what a log line may hold: URLs without query values, errors without query parameters (lib/logging.ts). */
export const loggerOptions = (level: string) => ({
  level,
  redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrftoken"]'],
  serializers: { req: serializeRequest, err: serializeError },
});

/**
 * JSON is UTF-8 (RFC 8259) and so is every text column: a body declared in another charset would
 * be read as the wrong characters, so it is refused before parsing rather than guessed at.
 */
const declaresOtherCharset = (contentType: string) =>
  contentType
    .split(';')
    .slice(1)
    .map((param) => param.split('='))
    .some(
      ([name, value]) =>
        name?.trim().toLowerCase() === 'charset' &&
        !['utf-8', 'utf8'].includes(
          (value ?? '')
            .trim()
            .replace(/^"(.*)"$/, '$1')
            .toLowerCase(),
        ),
    );

/** Builds the app: external plugins → app plugins → routes. Nothing here listens or migrates. */
export const buildApp = async ({ database, env, secretKey, logger }: BuildOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: logger ?? loggerOptions(env.logLevel),
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    trustProxy: env.trustProxy,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { db: database.db, database, env, tokens: createTokenSigner(secretKey) });
  app.decorateRequest('identity', null);

  // Helmet's headers, built once at start (decision 0821).
  registerSecurityHeaders(app, {
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
    // Agrees with frame-ancestors 'none' for browsers that read only X-Frame-Options (helmet's default is SAMEORIGIN).
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: env.cookieSecure,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Ginhawa API',
        description: 'Staff back-office API. Sign in with POST /api/users/login/ or a bearer token.',
        version: '1.0.0',
      },
    },
    // Each operation says who may call it (x-access), read from the route's own access rule.
    transform: (args) => {
      const out = jsonSchemaTransform(args);
      return { ...out, schema: { ...out.schema, 'x-access': accessOf(args.route.config) } };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app, CONSTRAINTS);
  await registerLimits(app, env);
  registerUtf8Json(app);
  app.addHook('onRequest', async (request) => {
    const type = request.headers['content-type'];
    const hasBody =
      request.headers['transfer-encoding'] !== undefined || (request.headers['content-length'] ?? '0') !== '0';
    if (hasBody && type && declaresOtherCharset(type))
      throw new HttpError(415, 'Send the request body as UTF-8 (charset=utf-8).');
  });

  await app.register(
    async (api) => {
      registerAuth(api, {
        identify: (credentials) => resolveIdentity(database.db, app.deps.tokens, credentials),
        env,
      });
      for (const module of MODULES) {
        for (const { prefix, plugin } of module.routes) await api.register(plugin, { prefix });
      }
    },
    { prefix: '/api' },
  );

  for (const module of MODULES) await module.register?.(app);
  registerSpa(app, env.webDist);
  return app;
};

/** Which of the build's encodings the client accepts, best first (brotli, then gzip); plain otherwise. */
const INDEX_ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The web app's own test for "may this browser hold a session" (its session-hint.ts): the readable
 * CSRF cookie set beside the session cookie at sign-in and cleared at sign-out.
 */
const SESSION_HINT = /(?:^|;\s*)(?:__Host-)?csrftoken=[^;]/;

/**
 * Serves the built panel; any non-API GET that is not a file gets index.html (client routing).
 * A browser without a session hint gets signed-out.html instead when the build wrote it: the same
 * page with the sign-in form already drawn in it, which the panel's code takes over (decision
 * 1061); one with a hint gets index.html's splash, then the panel, never a form that goes away.
 * The index is sent by hand rather than by @fastify/static: with `preCompressed` that plugin
 * answers 403 for `/` when the request accepts no encoding (curl, wget, load-balancer checks).
 */
const registerSpa = (app: FastifyInstance, webDist: string) => {
  const indexFile = path.join(webDist, 'index.html');
  const signedOutFile = path.join(webDist, 'signed-out.html');
  const hasBuild = fs.existsSync(indexFile);
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    void reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, cookie')
      .type('text/html; charset=utf-8');
    // Read per request (they are small), so a rebuilt panel is served without a restart.
    const files = SESSION_HINT.test(request.headers.cookie ?? '') ? [indexFile] : [signedOutFile, indexFile];
    for (const file of files) {
      for (const encoding of INDEX_ENCODINGS) {
        if (!accepted.has(encoding.name) && !accepted.has('*')) continue;
        const body = await fs.promises.readFile(file + encoding.suffix).catch(() => undefined);
        if (body) return reply.header('content-encoding', encoding.name).send(body);
      }
      const body = await fs.promises.readFile(file).catch(() => undefined);
      if (body) return reply.send(body);
    }
    return reply.send(await fs.promises.readFile(indexFile));
  };
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
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get('/', { schema: { hide: true } }, sendIndex);
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/ws/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname))
      return sendIndex(request, reply);
    return reply.code(404).send({ message: `No API endpoint at ${request.method} ${pathname}.` });
  });
};
