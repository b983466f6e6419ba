// npm run bench:ws [-- --sockets 2000 --users one|many]
// Starts a real server on a temporary embedded database (or DATABASE_URL), opens N sockets
// (all for one user, or one per user), sends one announcement to all of them and prints the
// delivery p50/p99 and the server's resident memory, beside the floor: the same number of
// bare `ws` echo sockets in this process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((a) => a.trim().split(/\s+/)));
const N = Number(args.sockets ?? 2000);
const MODE = args.users ?? 'one';
const PORT = 18_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${PORT}`;
const ADMIN = 'bench-admin-passphrase';
const DEMO = 'bench-demo-passphrase';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-bench-'));
// The same entry as `npm start` (server bundle; builds what is stale first).
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: ADMIN, DEMO_PASSWORD: DEMO, LOG_LEVEL: 'warn', SEED_DEMO: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

const rssMb = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const waitHealthy = async () => {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
};

const login = async (username, password) => {
  const res = await fetch(`${base}/api/users/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const me = await res.json();
  return { cookie: cookies.join('; '), csrf: cookies.find((c) => c.startsWith('csrftoken=')).slice(10), id: me.id };
};

const openSockets = async (count, cookieFor) => {
  const sockets = [];
  const BATCH = 200;
  for (let i = 0; i < count; i += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, count - i) }, (_, k) =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws/notifications/`, { headers: { cookie: cookieFor(i + k), origin: base } });
          ws.once('message', () => resolve(ws)); // "connected"
          ws.once('error', reject);
          sockets.push(ws);
        }),
      ),
    );
  }
  return sockets;
};

try {
  await waitHealthy();
  const admin = await login('admin', ADMIN);
  let cookieFor;
  let recipients;
  if (MODE === 'many') {
    // One account per socket, created through the API.
    const accounts = [];
    for (let i = 0; i < N; i += 1) {
      const username = `bench${i}`;
      const res = await fetch(`${base}/api/users/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin.cookie, 'x-csrftoken': admin.csrf },
        body: JSON.stringify({ username, first_name: 'Bench', last_name: String(i), password: DEMO, groups: ['Therapist'] }),
      });
      if (!res.ok) throw new Error(`creating ${username}: ${res.status} ${await res.text()} (--users many needs POST /api/users/)`);
      accounts.push(await login(username, DEMO));
    }
    cookieFor = (i) => accounts[i].cookie;
    recipients = { users: accounts.map((a) => a.id) };
  } else {
    const staff = await login('therapist', DEMO);
    cookieFor = () => staff.cookie;
    recipients = { users: [staff.id] };
  }

  const rssBefore = rssMb(server.pid);
  const t0 = performance.now();
  const sockets = await openSockets(N, cookieFor);
  const openMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 1000)); // initial lists delivered
  const rssIdle = rssMb(server.pid);

  const latencies = [];
  const delivered = new Promise((resolve) => {
    let sent = 0;
    for (const ws of sockets) {
      ws.on('message', (data) => {
        if (String(data).includes('"new_notification"')) {
          latencies.push(performance.now() - sent);
          if (latencies.length === N) resolve();
        }
      });
    }
    setTimeout(() => {
      sent = performance.now();
      void fetch(`${base}/api/notifications/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin.cookie, 'x-csrftoken': admin.csrf },
        body: JSON.stringify({ title: 'Bench', message: 'One announcement to every socket.', ...recipients }),
      }).then(async (res) => {
        if (res.status !== 201) throw new Error(`announce: ${res.status} ${await res.text()}`);
      });
    }, 0);
  });
  await Promise.race([delivered, new Promise((_, reject) => setTimeout(() => reject(new Error(`only ${latencies.length}/${N} delivered in 30 s`)), 30_000))]);
  const rssPeak = rssMb(server.pid);
  latencies.sort((a, b) => a - b);

  // Floor: the same number of sockets on a bare ws server in this process, one broadcast.
  const { WebSocketServer } = await import('ws');
  const bare = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => bare.once('listening', resolve));
  const barePort = bare.address().port;
  const bareClients = await Promise.all(
    Array.from({ length: N }, () => new Promise((resolve) => { const c = new WebSocket(`ws://127.0.0.1:${barePort}`); c.once('open', () => resolve(c)); })),
  );
  const bareLat = [];
  const bareDone = new Promise((resolve) => bareClients.forEach((c) => c.on('message', () => { bareLat.push(performance.now() - bareT0); if (bareLat.length === N) resolve(); })));
  const bareT0 = performance.now();
  for (const c of bare.clients) c.send(JSON.stringify({ action: 'new_notification', notification: { id: 1, title: 'Bench' } }));
  await bareDone;
  bareLat.sort((a, b) => a - b);

  console.log(`sockets: ${N} (${MODE === 'many' ? 'one per user' : 'one user'}), opened in ${openMs.toFixed(0)} ms`);
  console.log(`delivery: p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms   (floor, bare ws broadcast: p50 ${pct(bareLat, 50).toFixed(1)} ms, p99 ${pct(bareLat, 99).toFixed(1)} ms)`);
  console.log(`server RSS: ${rssBefore.toFixed(0)} MB before sockets, ${rssIdle.toFixed(0)} MB with sockets open, ${rssPeak.toFixed(0)} MB after delivery (budget: p99 ≤ 500 ms, RSS ≤ 300 MB at 5,000 sockets)`);
  for (const ws of [...sockets, ...bareClients]) ws.terminate();
  bare.close();
  stop();
  process.exit(0);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  stop();
  process.exit(1);
}
