// npm run bench:ws [-- --sockets 2000 --users one|many --heap]
// npm run bench:ws -- --flood [3]: one account floods from that many sockets (1,000
// `fetch_older_notifications` each, reconnecting when closed) while another user's /api/health/
// and socket ping p99 are measured, quiet and then during the flood, printed with their ratio.
// Starts a real server on a temporary embedded database (or DATABASE_URL), opens N sockets
// (all for one user, or one per user), sends one announcement to all of them and prints the
// delivery p50/p99 and the server's resident memory, beside the floor: the same number of
// bare `ws` sockets on a bare `ws` server in a child process (its RSS per 1,000 sockets printed
// beside the server's). Ports: BENCH_PORT and the next (bench-args.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { loadAverage, nextBenchPort } from './bench-args.mjs';
import { BENCH_ADMIN_PASSWORD, BENCH_DEMO_PASSWORD, rssMb, startBenchServer } from './bench-server.mjs';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .join(' ')
    .split('--')
    .filter(Boolean)
    .map((a) => a.trim().split(/\s+/)),
);
const N = Number(args.sockets ?? 2000);
const MODE = args.users ?? 'one';
const FLOOD = 'flood' in args ? Number(args.flood ?? 3) || 3 : 0;
const PORT = nextBenchPort();
// --heap: the server writes a heap snapshot (a full GC first) before the sockets and 3 s after they
// close (Node's --heapsnapshot-signal); the bench prints each heap's size and the WebSocket and
// net Socket objects in it, so what a closed socket leaves behind is counted, not guessed from RSS.
const HEAP = 'heap' in args;
const HEAP_DIR = HEAP ? fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-heap-')) : '';
if (HEAP)
  process.env.NODE_OPTIONS =
    `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${HEAP_DIR}`.trim();
const ADMIN = BENCH_ADMIN_PASSWORD;
const DEMO = BENCH_DEMO_PASSWORD;
// The same entry as `npm start` (server bundle; builds what is stale first).
const { server, base } = await startBenchServer({ port: PORT, prefix: 'ginhawa-bench-' });

/** The flooding account's sockets: 1,000 frames each at once, reconnecting as soon as closed or refused. */
const FLOOD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require('ws');
const { port, base, cookie, sockets } = workerData;
const stats = { frames: 0, answered: 0, errors: 0, opened: 0, refused: 0, closed1008: 0 };
let flooding = true;
parentPort.on('message', () => { flooding = false; });
const one = async () => {
  while (flooding) {
    const ws = new WebSocket('ws://127.0.0.1:' + port + '/ws/notifications/', { headers: { cookie, origin: base } });
    const code = await new Promise((resolve) => {
      ws.on('unexpected-response', (_req, res) => { stats.refused += 1; res.resume(); resolve(res.statusCode); });
      ws.on('error', () => resolve(-1));
      ws.on('close', (c) => resolve(c));
      ws.on('message', (data) => {
        const text = String(data);
        if (text.includes('"older_notifications"')) stats.answered += 1;
        else if (text.includes('"error"')) stats.errors += 1;
      });
      ws.once('open', () => {
        stats.opened += 1;
        for (let i = 0; i < 1000; i += 1) ws.send(JSON.stringify({ action: 'fetch_older_notifications', offset: 0, limit: 50 }));
        stats.frames += 1000;
      });
    });
    if (code === 1008) stats.closed1008 += 1;
    ws.terminate();
    // A refused handshake is retried at once too: the abuser does not wait.
    await new Promise((r) => setImmediate(r));
  }
};
Promise.all(Array.from({ length: sockets }, one)).then(() => parentPort.postMessage(stats));
`;

/** Signals the server to write a heap snapshot, waits for it (2 min at most) and summarises it. */
const heapSnapshot = async (pid) => {
  const seen = new Set(fs.readdirSync(HEAP_DIR));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 120_000;
  let file;
  let size = -1;
  for (;;) {
    if (Date.now() > deadline) throw new Error('no heap snapshot within 2 min');
    await new Promise((r) => setTimeout(r, 1000));
    file ??= fs.readdirSync(HEAP_DIR).find((f) => !seen.has(f));
    if (!file) continue;
    const now = fs.statSync(path.join(HEAP_DIR, file)).size;
    if (now > 0 && now === size) break;
    size = now;
  }
  const full = path.join(HEAP_DIR, file);
  const snap = JSON.parse(fs.readFileSync(full, 'utf8'));
  fs.rmSync(full);
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [TYPE, NAME, SIZE] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const counts = { WebSocket: 0, Socket: 0 };
  let bytes = 0;
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    bytes += snap.nodes[i + SIZE];
    if (types[snap.nodes[i + TYPE]] !== 'object') continue;
    const name = snap.strings[snap.nodes[i + NAME]];
    if (name in counts) counts[name] += 1;
  }
  return { mb: bytes / 1024 / 1024, ...counts, rss: rssMb(pid) };
};
const fmtHeap = (h) =>
  `heap ${h.mb.toFixed(1)} MB, ${h.WebSocket} WebSocket and ${h.Socket} net Socket objects, RSS after the snapshot's GC ${h.rss.toFixed(0)} MB`;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const login = async (username, password) => {
  const res = await fetch(`${base}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
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
      Array.from(
        { length: Math.min(BATCH, count - i) },
        (_, k) =>
          new Promise((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws/notifications/`, {
              headers: { cookie: cookieFor(i + k), origin: base },
            });
            ws.once('message', () => resolve(ws)); // "connected"
            ws.once('error', (err) => reject(new Error(`opening Ginhawa socket ${i + k + 1}: ${err.message}`)));
            sockets.push(ws);
          }),
      ),
    );
  }
  return sockets;
};

/**
 * For `ms`: sequential /api/health/ requests, and a ping on a quiet user's socket every 150 ms
 * (a person's socket stays well inside its own rate limit); p50/p99 of each.
 */
const measureQuiet = async (probe, ms) => {
  const health = [];
  const ping = [];
  const until = performance.now() + ms;
  const healthLoop = (async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const res = await fetch(`${base}/api/health/`);
      await res.arrayBuffer();
      health.push(performance.now() - t);
    }
  })();
  const pingLoop = (async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const answer = await new Promise((resolve) => {
        probe.once('message', (data) => resolve(String(data)));
        probe.send(JSON.stringify({ action: 'ping' }));
      });
      if (!answer.includes('"pong"')) throw new Error(`probe got ${answer}`);
      ping.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 150));
    }
  })();
  await Promise.all([healthLoop, pingLoop]);
  health.sort((a, b) => a - b);
  ping.sort((a, b) => a - b);
  return {
    health: { n: health.length, p50: pct(health, 50), p99: pct(health, 99) },
    ping: { n: ping.length, p50: pct(ping, 50), p99: pct(ping, 99) },
  };
};

const runFlood = async () => {
  const flooder = await login('therapist', DEMO);
  const quiet = await login('salesperson', DEMO);
  const [probe] = await openSockets(1, () => quiet.cookie);
  await new Promise((r) => setTimeout(r, 500)); // initial list delivered
  const MEASURE_MS = 10_000;
  const before = await measureQuiet(probe, MEASURE_MS);

  // The flood runs in a worker thread, so its own sending does not slow this thread's measurements.
  const flood = new Worker(FLOOD_WORKER, {
    eval: true,
    workerData: { port: PORT, base, cookie: flooder.cookie, sockets: FLOOD },
  });
  const stats = new Promise((resolve, reject) => {
    flood.once('message', resolve);
    flood.once('error', reject);
  });
  await new Promise((r) => setTimeout(r, 500));
  const during = await measureQuiet(probe, MEASURE_MS);
  flood.postMessage('stop');
  const { frames, answered, errors, opened, refused, closed1008 } = await stats;
  await flood.terminate();
  probe.terminate();

  const f = (x) => x.toFixed(1);
  console.log(
    `flood: ${FLOOD} sockets of one account sending 1,000 fetch_older_notifications each, reconnecting when closed`,
  );
  console.log(
    `  flood frames sent ${frames}, answered ${answered}, error frames ${errors}, sockets opened ${opened} (closed with 1008: ${closed1008}), reconnects refused with 429: ${refused}`,
  );
  console.log(
    `/api/health/ (${before.health.n} then ${during.health.n} sequential requests in 10 s): quiet p50 ${f(before.health.p50)} ms p99 ${f(before.health.p99)} ms; during flood p50 ${f(during.health.p50)} ms p99 ${f(during.health.p99)} ms; p99 ratio ${(during.health.p99 / before.health.p99).toFixed(2)}x`,
  );
  console.log(
    `socket ping (another user, every 150 ms): quiet p50 ${f(before.ping.p50)} ms p99 ${f(before.ping.p99)} ms; during flood p50 ${f(during.ping.p50)} ms p99 ${f(during.ping.p99)} ms; p99 ratio ${(during.ping.p99 / before.ping.p99).toFixed(2)}x`,
  );
};

try {
  if (FLOOD) {
    await runFlood();
    process.exit(0);
  }
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
        body: JSON.stringify({
          username,
          first_name: 'Bench',
          last_name: String(i),
          password: DEMO,
          groups: ['Therapist'],
        }),
      });
      if (!res.ok)
        throw new Error(
          `creating ${username}: ${res.status} ${await res.text()} (--users many needs POST /api/users/)`,
        );
      accounts.push(await login(username, DEMO));
    }
    cookieFor = (i) => accounts[i].cookie;
    recipients = { users: accounts.map((a) => a.id) };
  } else {
    const staff = await login('therapist', DEMO);
    cookieFor = () => staff.cookie;
    recipients = { users: [staff.id] };
  }

  const heapBefore = HEAP ? await heapSnapshot(server.pid) : undefined;
  const rssBefore = rssMb(server.pid);
  const loadBefore = loadAverage();
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
  await Promise.race([
    delivered,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`only ${latencies.length}/${N} delivered in 30 s`)), 30_000),
    ),
  ]);
  const rssPeak = rssMb(server.pid);
  latencies.sort((a, b) => a - b);
  // The server's sockets closed before the floor's open: this process holds one end of each, the
  // floor's server the other (10,000 and 10,000 would pass a 20,000 descriptor limit). The server's
  // memory read again once they are gone: what it keeps per closed connection.
  for (const ws of sockets) ws.terminate();
  await new Promise((r) => setTimeout(r, 3000));
  const rssClosed = rssMb(server.pid);
  const heapClosed = HEAP ? await heapSnapshot(server.pid) : undefined;

  // Floor: the same number of sockets on a bare `ws` server in its own process (in this one, at
  // 10,000 it held both ends of 20,000 sockets, past `ulimit -n`: libuv then accepts and closes,
  // which the clients saw as ECONNRESET while opening), one broadcast; its RSS per 1,000 sockets
  // is the floor of the server's.
  const barePort = nextBenchPort();
  const bareServer = spawn(
    process.execPath,
    [
      '-e',
      `const { WebSocketServer } = require('ws');
       const wss = new WebSocketServer({ port: ${barePort}, host: '127.0.0.1' });
       wss.on('listening', () => process.stdout.write('listening\\n'));
       process.stdin.on('data', () => {
         for (const c of wss.clients) c.send(JSON.stringify({ action: 'new_notification', notification: { id: 1, title: 'Bench' } }));
       });`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  process.once('exit', () => bareServer.kill());
  await new Promise((resolve) => bareServer.stdout.once('data', resolve));
  const bareRssBefore = rssMb(bareServer.pid);
  // Opened 200 at a time, as the server's were (all at once overflows the listen backlog: resets).
  const bareClients = [];
  for (let i = 0; i < N; i += 200)
    bareClients.push(
      ...(await Promise.all(
        Array.from(
          { length: Math.min(200, N - i) },
          (_, k) =>
            new Promise((resolve, reject) => {
              const c = new WebSocket(`ws://127.0.0.1:${barePort}`);
              c.once('open', () => resolve(c));
              c.once('error', (err) => reject(new Error(`opening floor socket ${i + k + 1}: ${err.message}`)));
            }),
        ),
      )),
    );
  await new Promise((r) => setTimeout(r, 1000));
  const bareRssOpen = rssMb(bareServer.pid);
  const bareLat = [];
  const bareDone = new Promise((resolve) =>
    bareClients.forEach((c) =>
      c.on('message', () => {
        bareLat.push(performance.now() - bareT0);
        if (bareLat.length === N) resolve();
      }),
    ),
  );
  const bareT0 = performance.now();
  bareServer.stdin.write('send\n');
  await bareDone;
  bareLat.sort((a, b) => a - b);

  console.log(
    `sockets: ${N} (${MODE === 'many' ? 'one per user' : 'one user'}), opened in ${openMs.toFixed(0)} ms (${((N / openMs) * 1000).toFixed(0)} handshakes/s, 200 at a time)`,
  );
  console.log(
    `delivery: p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms   (floor, bare ws broadcast: p50 ${pct(bareLat, 50).toFixed(1)} ms, p99 ${pct(bareLat, 99).toFixed(1)} ms)`,
  );
  console.log(
    `server RSS: ${rssBefore.toFixed(0)} MB before sockets, ${rssIdle.toFixed(0)} MB with sockets open, ${rssPeak.toFixed(0)} MB after delivery (budget: p99 ≤ 500 ms, RSS ≤ 300 MB at 5,000 sockets)`,
  );
  console.log(`load average ${loadBefore} before, ${loadAverage()} after`);
  console.log(
    `server RSS 3 s after the ${N} sockets closed: ${rssClosed.toFixed(0)} MB (${(((rssClosed - rssBefore) / rssBefore) * 100).toFixed(0)}% above before; ${(((rssIdle - rssBefore) / N) * 1000).toFixed(1)} MB per 1,000 sockets while open)`,
  );
  console.log(
    `floor RSS (bare ws server process): ${bareRssBefore.toFixed(0)} → ${bareRssOpen.toFixed(0)} MB, ${(((bareRssOpen - bareRssBefore) / N) * 1000).toFixed(1)} MB per 1,000 sockets; Ginhawa ${(((rssIdle - rssBefore) / N) * 1000).toFixed(1)} MB (${((rssIdle - rssBefore) / (bareRssOpen - bareRssBefore)).toFixed(2)}×)`,
  );
  if (HEAP) {
    console.log(`server before the sockets: ${fmtHeap(heapBefore)}`);
    console.log(`server 3 s after they closed: ${fmtHeap(heapClosed)}`);
    fs.rmSync(HEAP_DIR, { recursive: true, force: true });
  }
  for (const ws of bareClients) ws.terminate();
  bareServer.kill();
  process.exit(0);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
