import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import type { WsServerMessage } from '@ginhawa/contract';
import type { Agent } from './build';

type Message = WsServerMessage | { action: string; [key: string]: unknown };

export type TestSocket = {
  ws: WebSocket;
  messages: Message[];
  /** Resolves with the first message (already received or coming) matching `predicate`; consumed messages are not returned twice. */
  next: <T = Message>(predicate: (m: Message) => boolean, timeoutMs?: number) => Promise<T>;
  send: (message: unknown) => void;
  closed: Promise<{ code: number; reason: string }>;
};

/** Address of a listening app (listens on an ephemeral port on first use). */
export const wsUrl = async (app: FastifyInstance, query = '') => {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return {
    url: `ws://127.0.0.1:${address.port}/ws/notifications/${query}`,
    origin: `http://127.0.0.1:${address.port}`,
  };
};

export const connectSocket = async (
  app: FastifyInstance,
  options: { agent?: Agent; origin?: string | null; query?: string; headers?: Record<string, string> } = {},
): Promise<TestSocket> => {
  const { url, origin } = await wsUrl(app, options.query);
  const headers: Record<string, string> = { ...options.headers };
  if (options.agent) headers.cookie = `sessionid=${options.agent.sessionId}; csrftoken=${options.agent.csrfToken}`;
  if (options.origin !== null) headers.origin = options.origin ?? origin;
  const ws = new WebSocket(url, { headers });
  const messages: Message[] = [];
  const waiters: { predicate: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as Message;
    const waiter = waiters.find((w) => w.predicate(message));
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    } else messages.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error(`handshake refused: ${res.statusCode}`), { statusCode: res.statusCode })),
    );
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    closed,
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next: <T = Message>(predicate: (m: Message) => boolean, timeoutMs = 5_000) => {
      const index = messages.findIndex(predicate);
      if (index >= 0) return Promise.resolve(messages.splice(index, 1)[0] as T);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m as T);
          },
        });
      });
    },
  };
};

export const action = (name: string) => (m: { action: string }) => m.action === name;

/**
 * The sockets a live test file opens: `open` connects a signed-in agent and waits past its greeting
 * (`user_notifications`), so the frames that follow are the test's own; `closeAll` goes in afterAll.
 */
export const socketPool = () => {
  const opened: TestSocket[] = [];
  return {
    open: async (app: FastifyInstance, agent: Agent) => {
      const socket = await connectSocket(app, { agent });
      opened.push(socket);
      await socket.next(action('user_notifications'));
      return socket;
    },
    closeAll: () => {
      for (const socket of opened) socket.ws.close();
    },
  };
};
