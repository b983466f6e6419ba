import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { z } from 'zod';
import { choosePasswordFirst, credentialsOf, isSecureRequest } from '../../plugins/auth';
import { resolveIdentity } from '../users/index';
import { startBus } from '../../plugins/bus';
import { HttpError, forbidden, tooManyRequests, unauthorized } from '../../lib/http-error';
import { createHub } from './notifications.hub';
import { createSessionLookups } from './hub-sessions';

const SOCKET_PATH = '/ws/notifications/';

/** Frames are small JSON actions; the library's default would accept 100 MiB. */
export const MAX_FRAME_BYTES = 16 * 1024;

const originAllowed = (request: FastifyRequest, extra: string[]) => {
  const origin = request.headers.origin;
  // Browsers always send Origin on WebSocket handshakes; scripts with a bearer token may not.
  if (!origin) return true;
  const host = request.headers.host;
  const proto = request.protocol;
  return (
    origin === `${proto}://${host}` ||
    origin === `http://${host}` ||
    origin === `https://${host}` ||
    extra.includes(origin)
  );
};

/** /ws/notifications/: the live channel, authenticated by session cookie (or ?token=) and Origin. */
export const registerNotificationSocket = async (app: FastifyInstance) => {
  const { db, database, env, tokens } = app.deps;
  const hub = createHub(db, app.log);
  const sessionLookups = createSessionLookups(db);
  const bus = await startBus(
    database,
    app.log,
    (event) => void hub.onEvent(event).catch((err) => app.log.error({ err }, 'live event failed')),
    hub.resync,
  );
  app.decorate('hub', hub);
  app.addHook('onClose', async () => {
    hub.close();
    await bus.close();
  });

  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  // The 101 answer and the `connected` frame leave in one write: `ws` emits `headers` just before it
  // writes the answer, and the socket is uncorked once wsHandler has sent `connected` (issue 35:
  // a write, a system call, less per socket opened; decision 1046).
  app.websocketServer.on('headers', (_headers: string[], req: IncomingMessage) => {
    if (req.url?.startsWith(SOCKET_PATH)) req.socket.cork();
  });
  await app.register(async (ws) => {
    ws.route({
      method: 'GET',
      url: SOCKET_PATH,
      schema: { hide: true, querystring: z.object({ token: z.string().max(4096).optional() }) },
      preValidation: async (request) => {
        if (!originAllowed(request, env.allowedOrigins)) throw forbidden('This origin may not open the live channel.');
        const token = (request.query as { token?: string }).token;
        const credentials = credentialsOf(request, {
          cookieSecure: isSecureRequest(request, env),
          bearerFromQuery: token,
        });
        // A session cookie joins this turn's other handshakes in one statement (decision 1048).
        const identity =
          credentials.session && !credentials.bearer && credentials.session.length <= 200
            ? await sessionLookups.lookup(credentials.session)
            : await resolveIdentity(db, tokens, credentials);
        if (!identity) throw unauthorized();
        // Refused, not opened quiet: the panel opens the channel only after the person's own password (decision 0017).
        if (identity.user.mustChangePassword) throw choosePasswordFirst();
        const wait = hub.coolDownSeconds(identity.user.id);
        if (wait > 0)
          throw tooManyRequests(
            'Too many messages from this account. Please wait a few seconds before reconnecting.',
            wait,
          );
        request.identity = identity;
      },
      wsHandler: (socket, request) => {
        const identity = request.identity!;
        try {
          hub.add(socket, {
            user: identity.user,
            sessionId: identity.via === 'session' ? identity.sessionId : undefined,
            expiresAt: identity.via === 'bearer' ? identity.expiresAt : undefined,
            familyId: identity.via === 'bearer' ? identity.familyId : undefined,
          });
        } finally {
          request.raw.socket.uncork();
        }
      },
      // A plain GET (no Upgrade): the library's default is an empty 404; say what the address is for.
      handler: async () => {
        throw new HttpError(426, 'This address is the live channel: open it as a WebSocket.', undefined, {
          upgrade: 'websocket',
        });
      },
    });
  });
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    hub: ReturnType<typeof createHub>;
  }
}
