// The floor of `npm run bench:requests`: bare Fastify on the same PostgreSQL, one pg pool, the same
// cookie check as the app (the session by its token's SHA-256, joined to its user, live, in one
// prepared statement), then the same bytes as the app's answer. GET /bare/my_data/ and /bare/hello/.
// Env: DATABASE_URL, PORT, BODY_FILE (the bytes to send), POOL (default 10, as the app's).
import crypto from 'node:crypto';
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const body = fs.readFileSync(process.env.BODY_FILE);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL ?? 10),
  options: '-c jit=off',
});
const app = Fastify({ logger: false });

const tokenOf = (header = '') => /(?:^|;\s*)sessionid=([^;]+)/.exec(header)?.[1];

app.get('/bare/hello/', async () => ({ status: 'ok' }));
app.get('/bare/my_data/', async (request, reply) => {
  const token = tokenOf(request.headers.cookie);
  if (!token) return reply.code(401).send({ message: 'Sign in.' });
  const { rows } = await pool.query({
    name: 'bare_session',
    text: `select u.id, u.username, u.is_active, s.id as session_id, s.csrf_token
             from sessions s join users u on u.id = s.user_id
            where s.token_hash = $1 and s.expires_at > now() and s.last_seen_at > now() - interval '12 hours'
              and u.is_active`,
    values: [crypto.createHash('sha256').update(decodeURIComponent(token)).digest('hex')],
  });
  if (rows.length === 0) return reply.code(401).send({ message: 'Sign in.' });
  return reply.type('application/json; charset=utf-8').send(body);
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
