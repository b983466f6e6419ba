// npm run bench:ws [-- --sockets 2000 --instances 1 --rounds 3 --users one|many --heap --cpu-prof]
// npm run bench:ws -- --flood [3]: one account floods from that many sockets (1,000
// `fetch_older_notifications` each, reconnecting when closed) while another user's /api/health/
// and socket ping p99 are measured, quiet and then during the flood, printed with their ratio.
// Starts `--instances` real servers (the server bundle, each its own process) on one database: a
// temporary embedded one (one instance only: PGlite is one process's alone), or with
// BENCH_DATABASE_URL / DATABASE_URL a temporary PostgreSQL database (created, then dropped). Each
// round opens N sockets (all for one user, or one per user) spread evenly over the instances, one
// instance after the other (handshakes/s per instance), sends one announcement (POST to the first
// instance: rows, then NOTIFY, delivered by every instance) and times it to every socket, then
// closes them. The floor (the peer) in the same rounds, the order rotating: as many bare `ws`
// server processes, each LISTENing on PostgreSQL (on the embedded database, no pg: one bare `ws`
// process broadcasting what its stdin says), one NOTIFY delivered by all. Printed per instance
// and round: handshakes/s, RSS per 1,000 open sockets, RSS 3 s after they closed, delivery
// p50/p99; then min / median / max over the rounds, RSS 3 s and 10 s after the last round closed,
// and the load before and after.
// Ports: BENCH_PORT and the next (bench-args.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import WebSocket from 'ws';
import { loadAverage, nextBenchPort, PG_URL, spread3 } from './bench-args.mjs';
import { BENCH_ADMIN_PASSWORD, BENCH_DEMO_PASSWORD, root, rssMb, startBenchServer } from './bench-server.mjs';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .join(' ')
    .split('--')
    .filter(Boolean)
    .map((a) => a.trim().split(/\s+/)),
);
let N = Number(args.sockets ?? 2000);
const MODE = args.users ?? 'one';
const FLOOD = 'flood' in args ? Number(args.flood ?? 3) || 3 : 0;
const INSTANCES = Math.max(1, Number(args.instances ?? 1));
const ROUNDS = Math.max(1, Number(args.rounds ?? 3));
if (INSTANCES > 1 && !PG_URL) {
  console.error('--instances above 1 needs PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL.');
  process.exit(2);
}
// --heap: the server writes a heap snapshot (a full GC first) before the sockets and 3 s after they
// close (Node's --heapsnapshot-signal); the bench prints each heap's size and the WebSocket and
// net Socket objects in it, so what a closed socket leaves behind is counted, not guessed from RSS.
const HEAP = 'heap' in args;
const HEAP_DIR = HEAP ? fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-heap-')) : '';
if (HEAP)
  process.env.NODE_OPTIONS =
    `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${HEAP_DIR}`.trim();
// --cpu-prof: the first instance writes a V8 CPU profile (Node's --cpu-prof) when it stops, into
// a directory the bench prints; open it in Chrome's DevTools (Performance) or speedscope.
const CPU_PROF_DIR = 'cpu-prof' in args ? fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-cpu-prof-')) : '';
const ADMIN = BENCH_ADMIN_PASSWORD;
const DEMO = BENCH_DEMO_PASSWORD;

// PostgreSQL: a temporary database every instance shares (dropped at exit), and one SECRET_KEY.
const PG_DB = PG_URL && !FLOOD ? `ginhawa_bench_ws_${process.pid}` : undefined;
const pgAdmin = async (statement) => {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
let dbUrl;
if (PG_DB) {
  await pgAdmin(`create database ${PG_DB}`);
  const url = new URL(PG_URL);
  url.pathname = `/${PG_DB}`;
  dbUrl = url.toString();
}
const dropDatabase = async () => {
  if (PG_DB) await pgAdmin(`drop database if exists ${PG_DB} with (force)`).catch(() => undefined);
};
// The same entry as `npm start` (server bundle; builds what is stale first). The first instance
// migrates and seeds; the others start once it is healthy, on the same database.
const instances = [];
for (let i = 0; i < (FLOOD ? 1 : INSTANCES); i += 1) {
  const port = nextBenchPort();
  const env = dbUrl ? { DATABASE_URL: dbUrl, SECRET_KEY: `bench-ws-${process.pid}-secret-key-0123456789abcdef` } : {};
  if (i === 0 && CPU_PROF_DIR)
    env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${CPU_PROF_DIR}`;
  try {
    const started = await startBenchServer({ port, prefix: 'ginhawa-bench-', env });
    instances.push({ ...started, port });
  } catch (err) {
    await dropDatabase();
    throw err;
  }
}
const { server, base } = instances[0];
const PORT = instances[0].port;

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

/**
 * Opens `count` sockets 200 at a time (all at once overflows the listen backlog: resets), each
 * resolved on its first frame (Ginhawa's "connected") or on open (the peer's).
 */
const openSockets = async (
  count,
  { port, path: urlPath = '/ws/notifications/', headersFor, what, first = 'message', from = 0 },
) => {
  const sockets = [];
  const BATCH = 200;
  for (let i = 0; i < count; i += BATCH) {
    await Promise.all(
      Array.from(
        { length: Math.min(BATCH, count - i) },
        (_, k) =>
          new Promise((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${port}${urlPath}`, { headers: headersFor?.(from + i + k) });
            ws.once(first, () => resolve(ws));
            ws.once('error', (err) =>
              reject(new Error(`opening ${what} socket ${from + i + k + 1} (port ${port}): ${err.message}`)),
            );
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
  const [probe] = await openSockets(1, {
    port: PORT,
    headersFor: () => ({ cookie: quiet.cookie, origin: base }),
    what: 'Ginhawa',
  });
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

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/**
 * A process's CPU time so far in ms (user + system, /proc/PID/stat): what the run queue of a
 * shared machine does not change, unlike handshakes per second of wall time.
 */
const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux
const cpuMs = (pid) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
};

/** The peer's channel, and its frame: the size and shape of Ginhawa's new_notification frame. */
const PEER_CHANNEL = 'bench_ws_peer';
const PEER_FRAME = JSON.stringify({
  action: 'new_notification',
  notification: {
    id: 1,
    title: 'Bench',
    message: 'One announcement to every socket.',
    created_at: new Date().toISOString(),
    read: false,
    sender: { id: 1, first_name: 'Admin', last_name: 'Bench' },
    approval: null,
  },
  unread_count: 1,
});
/**
 * The peer: a bare `ws` server process. With PostgreSQL it LISTENs (one `pg` client) and sends what
 * is NOTIFYed to every socket it holds; on the embedded database, what its stdin says.
 */
const PEER_CODE = `
const { WebSocketServer } = require('ws');
const wss = new WebSocketServer({ port: Number(process.env.PEER_PORT), host: '127.0.0.1' });
const broadcast = (frame) => { for (const c of wss.clients) c.send(frame); };
const listening = new Promise((resolve) => wss.on('listening', resolve));
(async () => {
  if (process.env.PEER_DB_URL) {
    const pg = require('pg');
    const client = new pg.Client({ connectionString: process.env.PEER_DB_URL });
    // The bench drops its database at the end (with force): the peer then just stops.
    client.on('error', () => process.exit(0));
    await client.connect();
    client.on('notification', (msg) => broadcast(msg.payload));
    await client.query('LISTEN ${PEER_CHANNEL}');
  } else process.stdin.on('data', (data) => broadcast(String(data).trim()));
  await listening;
  process.stdout.write('listening\\n');
})();
`;
const startPeer = async () => {
  const port = nextBenchPort();
  const child = spawn(process.execPath, ['-e', PEER_CODE], {
    cwd: root,
    env: { ...process.env, PEER_PORT: String(port), PEER_DB_URL: dbUrl ?? '' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  process.once('exit', () => child.kill());
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`the peer exited (${code})`)));
  });
  return { child, port };
};

const f0 = (x) => x.toFixed(0);
const f1 = (x) => x.toFixed(1);
const f2 = (x) => x.toFixed(2);
const spreadText = (values, fmt = f1) => {
  const s = spread3(values);
  return `${fmt(s.min)} / ${fmt(s.median)} / ${fmt(s.max)}`;
};

/**
 * One round of a subject: N sockets, each instance's share opened in turn (its handshakes/s), its
 * RSS with them open, one announcement timed to every socket, then all closed and RSS read 3 s later.
 */
const runRound = async (subject) => {
  const pids = subject.pids;
  const rssBefore = pids.map(rssMb);
  const shares = pids.map((_, j) => Math.floor(N / pids.length) + (j < N % pids.length ? 1 : 0));
  const sockets = [];
  const handshakes = [];
  let from = 0;
  const t0 = performance.now();
  const cpuPerHandshake = [];
  for (let j = 0; j < pids.length; j += 1) {
    const t = performance.now();
    const cpu = cpuMs(pids[j]);
    sockets.push(...(await subject.open(j, shares[j], from)));
    handshakes.push((shares[j] / (performance.now() - t)) * 1000);
    cpuPerHandshake.push(((cpuMs(pids[j]) - cpu) / shares[j]) * 1000);
    from += shares[j];
  }
  const allHandshakes = (N / (performance.now() - t0)) * 1000;
  await sleep(1000); // initial lists delivered
  const rssOpen = pids.map(rssMb);
  const latencies = [];
  let sent = 0;
  const delivered = new Promise((resolve) => {
    for (const ws of sockets)
      ws.on('message', (data) => {
        if (!subject.isDelivery(data)) return;
        latencies.push(performance.now() - sent);
        if (latencies.length === N) resolve();
      });
  });
  const cpuBeforeDelivery = pids.map(cpuMs);
  sent = performance.now();
  await subject.announce();
  let timer;
  await Promise.race([
    delivered,
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${subject.name}: only ${latencies.length}/${N} delivered in 30 s`)),
        30_000,
      );
    }),
  ]);
  clearTimeout(timer);
  const deliveryCpu = pids.map((pid, j) => cpuMs(pid) - cpuBeforeDelivery[j]);
  latencies.sort((a, b) => a - b);
  for (const ws of sockets) ws.terminate();
  const closedAt = performance.now();
  await sleep(3000);
  const rssClosed = pids.map(rssMb);
  return {
    closedAt,
    handshakes,
    cpuPerHandshake,
    deliveryCpu,
    allHandshakes,
    rssBefore,
    rssOpen,
    rssClosed,
    per1000: pids.map((_, j) => ((rssOpen[j] - rssBefore[j]) / shares[j]) * 1000),
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
  };
};

let exitCode = 0;
const peers = [];
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
      // An account someone else made must choose its own password before it may open the live
      // channel (decision 0017): chosen, which ends that session, then signed in again.
      const first = await login(username, DEMO);
      const own = `${DEMO}-own-${i}`;
      const changed = await fetch(`${base}/api/users/${first.id}/update_password/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: first.cookie, 'x-csrftoken': first.csrf },
        body: JSON.stringify({ old_password: DEMO, new_password: own }),
      });
      if (!changed.ok) throw new Error(`${username} choosing a password: ${changed.status} ${await changed.text()}`);
      accounts.push(await login(username, own));
    }
    cookieFor = (i) => accounts[i].cookie;
    recipients = { users: accounts.map((a) => a.id) };
  } else {
    const staff = await login('therapist', DEMO);
    cookieFor = () => staff.cookie;
    recipients = { users: [staff.id] };
  }

  const ginhawa = {
    name: 'Ginhawa',
    pids: instances.map((s) => s.server.pid),
    open: (j, count, from) =>
      openSockets(count, {
        port: instances[j].port,
        headersFor: (i) => ({ cookie: cookieFor(i), origin: instances[j].base }),
        what: `Ginhawa instance ${j + 1}`,
        from,
      }),
    isDelivery: (data) => String(data).includes('"new_notification"'),
    announce: async () => {
      const res = await fetch(`${base}/api/notifications/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin.cookie, 'x-csrftoken': admin.csrf },
        body: JSON.stringify({ title: 'Bench', message: 'One announcement to every socket.', ...recipients }),
      });
      if (res.status !== 201) throw new Error(`announce: ${res.status} ${await res.text()}`);
    },
  };
  for (let j = 0; j < INSTANCES; j += 1) peers.push(await startPeer());
  const notifier = dbUrl ? new pg.Client({ connectionString: dbUrl }) : undefined;
  await notifier?.connect();
  const peer = {
    name: dbUrl ? `peer (${INSTANCES} bare ws + pg LISTEN processes)` : 'peer (a bare ws process)',
    pids: peers.map((p) => p.child.pid),
    open: (j, count, from) =>
      openSockets(count, { port: peers[j].port, path: '/', what: `peer ${j + 1}`, first: 'open', from }),
    isDelivery: () => true,
    announce: async () => {
      if (notifier) await notifier.query('select pg_notify($1, $2)', [PEER_CHANNEL, PEER_FRAME]);
      else peers[0].child.stdin.write(`${PEER_FRAME}\n`);
    },
  };

  // Untimed warm-up: 200 sockets per instance on each, once.
  const fullN = N;
  N = Math.min(N, 200 * INSTANCES);
  await runRound(ginhawa);
  await runRound(peer);
  N = fullN;

  const heapBefore = HEAP ? await heapSnapshot(server.pid) : undefined;
  const baseline = { ginhawa: ginhawa.pids.map(rssMb), peer: peer.pids.map(rssMb) };
  const loadBefore = loadAverage();
  console.log(
    `${N} sockets (${MODE === 'many' ? 'one per user' : 'one user'}) on ${INSTANCES} instance(s) (${dbUrl ? 'PostgreSQL' : 'embedded PGlite'}), ${ROUNDS} rounds, the order rotating; load average ${loadBefore}`,
  );
  const results = { ginhawa: [], peer: [] };
  for (let r = 0; r < ROUNDS; r += 1) {
    const order = r % 2 === 0 ? ['ginhawa', 'peer'] : ['peer', 'ginhawa'];
    for (const key of order) {
      const subject = key === 'ginhawa' ? ginhawa : peer;
      const res = await runRound(subject);
      results[key].push(res);
      const per = res.handshakes
        .map(
          (h, j) =>
            `#${j + 1} ${f0(h)}/s (${f0(res.cpuPerHandshake[j])} µs CPU each), delivery CPU ${f0(res.deliveryCpu[j])} ms, RSS ${f0(res.rssBefore[j])} → ${f0(res.rssOpen[j])} MB (${f1(res.per1000[j])} per 1,000), ${f0(res.rssClosed[j])} MB 3 s after close`,
        )
        .join('; ');
      console.log(
        `round ${r + 1} ${subject.name}: delivery p50 ${f1(res.p50)} ms p99 ${f1(res.p99)} ms; handshakes ${f0(res.allHandshakes)}/s in all; ${per}`,
      );
    }
  }
  const loadAfter = loadAverage();
  // RSS again 10 s after each subject's last sockets closed: what was given back a little later.
  const rssLater = {};
  for (const key of ['ginhawa', 'peer']) {
    await sleep(Math.max(0, results[key].at(-1).closedAt + 10_000 - performance.now()));
    rssLater[key] = (key === 'ginhawa' ? ginhawa : peer).pids.map(rssMb);
  }
  const heapClosed = HEAP ? await heapSnapshot(server.pid) : undefined;

  console.log(`\nmin / median / max over ${ROUNDS} rounds (per instance):`);
  for (let j = 0; j < INSTANCES; j += 1) {
    const g = results.ginhawa;
    const p = results.peer;
    console.log(
      `instance ${j + 1}: handshakes/s Ginhawa ${spreadText(
        g.map((x) => x.handshakes[j]),
        f0,
      )}, peer ${spreadText(
        p.map((x) => x.handshakes[j]),
        f0,
      )} (goal ≥ 1,500/s); RSS per 1,000 sockets Ginhawa ${spreadText(g.map((x) => x.per1000[j]))} MB, peer ${spreadText(
        p.map((x) => x.per1000[j]),
      )} MB, ratio per round ${spreadText(
        g.map((x, r) => x.per1000[j] / p[r].per1000[j]),
        f2,
      )}× (goal ≤ 1.5×)`,
    );
    console.log(
      `  server CPU per handshake (the run queue left out) Ginhawa ${spreadText(
        g.map((x) => x.cpuPerHandshake[j]),
        f0,
      )} µs, peer ${spreadText(
        p.map((x) => x.cpuPerHandshake[j]),
        f0,
      )} µs (1,500/s takes ≤ 667 µs of one core); CPU to deliver the announcement Ginhawa ${spreadText(
        g.map((x) => x.deliveryCpu[j]),
        f0,
      )} ms, peer ${spreadText(
        p.map((x) => x.deliveryCpu[j]),
        f0,
      )} ms; RSS per 1,000 in round 1 (fresh processes) Ginhawa ${f1(g[0].per1000[j])} MB, peer ${f1(p[0].per1000[j])} MB (${f2(g[0].per1000[j] / p[0].per1000[j])}×)`,
    );
    const lastG = g.at(-1).rssClosed[j];
    const lastP = p.at(-1).rssClosed[j];
    const change = (after, before) => `${f0(((after - before) / before) * 100)}%`;
    console.log(
      `  RSS before the first round → 3 s after the last round's sockets closed: Ginhawa ${f0(baseline.ginhawa[j])} → ${f0(lastG)} MB (${change(lastG, baseline.ginhawa[j])}), peer ${f0(baseline.peer[j])} → ${f0(lastP)} MB (${change(lastP, baseline.peer[j])}) (goal within 10%); 10 s or more after: Ginhawa ${f0(rssLater.ginhawa[j])} MB (${change(rssLater.ginhawa[j], baseline.ginhawa[j])}), peer ${f0(rssLater.peer[j])} MB (${change(rssLater.peer[j], baseline.peer[j])})`,
    );
  }
  console.log(
    `delivery to all ${N} (announced once, delivered by every instance): p50 Ginhawa ${spreadText(results.ginhawa.map((x) => x.p50))} ms, peer ${spreadText(
      results.peer.map((x) => x.p50),
    )} ms; p99 Ginhawa ${spreadText(results.ginhawa.map((x) => x.p99))} ms, peer ${spreadText(
      results.peer.map((x) => x.p99),
    )} ms, ratio per round ${spreadText(
      results.ginhawa.map((x, r) => x.p99 / results.peer[r].p99),
      f2,
    )}× (goal ≤ 1.2×)`,
  );
  console.log(`load average ${loadBefore} before, ${loadAfter} after`);
  if (HEAP) {
    console.log(`instance 1 before the first round: ${fmtHeap(heapBefore)}`);
    console.log(`instance 1 3 s after the last round's sockets closed: ${fmtHeap(heapClosed)}`);
    fs.rmSync(HEAP_DIR, { recursive: true, force: true });
  }
  await notifier?.end();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  exitCode = 1;
}
if (CPU_PROF_DIR && server.exitCode === null) {
  // The profile is written as the first instance stops (SIGTERM: its own graceful shutdown).
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  console.log(
    `CPU profile of instance 1: ${fs
      .readdirSync(CPU_PROF_DIR)
      .map((f) => path.join(CPU_PROF_DIR, f))
      .join(', ')}`,
  );
}
for (const p of peers) p.child.kill();
for (const s of instances) if (s.server.exitCode === null) s.server.kill('SIGTERM');
await sleep(500);
await dropDatabase();
process.exit(exitCode);
