import http from 'node:http';
import WebSocket from 'ws';
import { FLOOR_CHANGED_ACTION } from '@ginhawa/contract';
import {
  BENCH_ADMIN_PASSWORD,
  BENCH_DEMO_PASSWORD,
  benchDatabase,
  fmtSpread,
  loadAverage,
  loadOver,
  loginOver,
  ms,
  pct,
  pooledLoad,
  seedBench,
  spread3,
  startBenchServer,
  type BenchKind,
  type BenchServer,
  type BenchSession,
  type LoadResult,
  type Spread3,
} from '../../test/bench-kit';
import { clientsFor, insertBusyBranch, type BusyBranch } from './floor-board.bulk-seed';

export type FloorBenchOptions = {
  kind: BenchKind;
  adminUrl?: string;
  /** The server bundle (scripts/build-server.mjs): each instance is its own process, as in production. */
  serverEntry: string;
  reservations: number;
  /** Days of past reservations, arrivals and bookings before today (a branch's history, which the board's reads must skip). */
  historyDays: number;
  concurrency: number;
  /** Seconds of each interleaved round (per subject). */
  seconds: number;
  rounds: number;
  sockets: number;
  changes: number;
  log: (line: string) => void;
};
export type Spread = { n: number; p50: number; p99: number; max: number };
/** One kind of board read (every read, the full ones, the 304s): pooled figures and p95 / bare p95 per round. */
export type BoardReads = { n: number; p50: number; p95: number; p99: number; ratio: Spread3 };
export type FloorBenchResult = {
  /** Every board read, full or conditional, as a browser's panel sends them. */
  board: LoadResult;
  bare: LoadResult;
  /** Every board read's p95 / bare p95 of each interleaved round: min, median, max. */
  ratio: Spread3;
  /** The reads answered in full (200: the first, and the first after each change). */
  full: BoardReads;
  /** The reads between changes (304 Not Modified, no body: decision 1060). */
  conditional: BoardReads;
  /** The change's POST sent → each socket's `floor_changed` frame. */
  frame: Spread;
  /** The change's POST sent → that screen's board read again (the frame, then GET board on its instance). */
  refreshed: Spread;
  instances: number;
};

const spread = (values: number[]): Spread => ({
  n: values.length,
  p50: pct(values, 50),
  p99: pct(values, 99),
  max: Math.max(...values),
});
const fmt = (r: LoadResult) =>
  `p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  p99 ${ms(r.p99)}  ${r.rps.toFixed(0)} req/s (${r.n} requests${r.failures ? `, ${r.failures} FAILED` : ''})`;

/**
 * The board read at `concurrency` concurrent requests as the branch's receptionist, beside the bare
 * authenticated route (`/api/users/my_data/`: the session check and a small answer) on the same
 * server and session, interleaved: `rounds` rounds of `seconds` each, the order rotating, so both
 * see the same machine load. The ratio is taken per round (board p95 / bare p95 of that round).
 */
const measureBoard = async (server: BenchServer, desk: BenchSession, branch: BusyBranch, o: FloorBenchOptions) => {
  const boardUrl = `${server.base}/api/floor/board/?location=${branch.location}`;
  const first = await fetch(boardUrl, { headers: desk.headers });
  if (!first.ok) throw new Error(`board: ${first.status} ${await first.text()}`);
  const board = (await first.json()) as {
    queue: { state: string }[];
    rooms: { occupied: unknown[] }[];
    reservations: unknown[];
  };
  const states = board.queue.reduce<Record<string, number>>((n, q) => ({ ...n, [q.state]: (n[q.state] ?? 0) + 1 }), {});
  const plainBytes = (await fetch(boardUrl, { headers: desk.headers }).then((r) => r.arrayBuffer())).byteLength;
  const gzipped = await fetch(boardUrl, { headers: { ...desk.headers, 'accept-encoding': 'gzip' } });
  const wireBytes = Number(gzipped.headers.get('content-length') ?? 0);
  await gzipped.arrayBuffer();
  o.log(
    `board: ${board.queue.length} therapists in the line (${Object.entries(states)
      .map(([s, n]) => `${n} ${s}`)
      .join(
        ', ',
      )}), ${board.rooms.length} rooms (${board.rooms.reduce((n, r) => n + r.occupied.length, 0)} beds in use), ${board.reservations.length} reservations today; ${plainBytes.toLocaleString('en')} bytes of JSON, ${wireBytes.toLocaleString('en')} gzipped`,
  );
  const bareUrl = `${server.base}/api/users/my_data/`;
  const admin = await loginOver(server.base, 'admin', BENCH_ADMIN_PASSWORD);
  const etags: (string | undefined)[] = Array.from({ length: o.concurrency }, () => undefined);
  const clock = { in: false, changes: 0 };
  const change = async () => {
    clock.in = !clock.in;
    clock.changes += 1;
    const res = await clockInOrOut(admin, server.base, branch, clock.in);
    if (!res.ok) throw new Error(`change: ${res.status} ${await res.text()}`);
  };
  // The board changed `changes` times over its rounds, evenly (a busy day's starts and ends of services).
  const every = (o.rounds * o.seconds * 1000) / Math.max(1, o.changes);
  const boardRound = async (seconds: number, changing: boolean) => {
    const done = { now: false };
    // At fixed moments of the round (half an interval in, then every interval), however long each takes.
    const started = performance.now();
    const changer = (async () => {
      for (let k = 0; changing && !done.now && (k + 0.5) * every < seconds * 1000; k += 1) {
        const wait = started + (k + 0.5) * every - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (!done.now) await change();
      }
    })();
    try {
      return await loadConditional(boardUrl, desk.headers, etags, seconds);
    } finally {
      done.now = true;
      await changer;
    }
  };
  // Interleaved as interleaveLoad does (bench-kit): a warm-up, then rounds, the order rotating.
  await loadOver(() => bareUrl, desk.headers, o.concurrency, Math.min(2, o.seconds));
  await boardRound(Math.min(2, o.seconds), false);
  const bareRounds: LoadResult[] = [];
  const boardRounds: ConditionalRound[] = [];
  const before = loadAverage();
  for (let r = 0; r < o.rounds; r += 1)
    for (let k = 0; k < 2; k += 1) {
      if ((k + r) % 2 === 0) bareRounds.push(await loadOver(() => bareUrl, desk.headers, o.concurrency, o.seconds));
      else boardRounds.push(await boardRound(o.seconds, true));
    }
  o.log(`${''.padEnd(8)} load average ${before} before, ${loadAverage()} after (${clock.changes} board changes)`);
  // Leave the off-shift therapist as found: the live part clocks them in first.
  if (clock.in) await change();
  const bare = pooledLoad(bareRounds);
  const barePerRound = bareRounds.map((r) => r.p95);
  const reads = (pick: (r: ConditionalRound) => number[]): BoardReads => {
    const all = boardRounds.flatMap(pick);
    return {
      n: all.length,
      p50: pct(all, 50),
      p95: pct(all, 95),
      p99: pct(all, 99),
      ratio: spread3(boardRounds.map((r, i) => pct(pick(r), 95) / barePerRound[i]!)),
    };
  };
  const everyRead = reads((r) => [...r.full, ...r.conditional]);
  const full = reads((r) => r.full);
  const conditional = reads((r) => r.conditional);
  const failures = boardRounds.reduce((t, r) => t + r.failures, 0);
  const seconds = boardRounds.reduce((t, r) => t + r.seconds, 0);
  const boardReads: LoadResult = {
    n: everyRead.n,
    failures,
    p50: everyRead.p50,
    p95: everyRead.p95,
    p99: everyRead.p99,
    rps: everyRead.n / seconds,
    latencies: [],
    seconds,
  };
  const line = (r: BoardReads) =>
    `p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  p99 ${ms(r.p99)} (${r.n} reads); p95 / bare p95 per round ${fmtSpread(r.ratio, 2, '×')}, pooled ${(r.p95 / bare.p95).toFixed(2)}×`;
  o.log(
    `${o.kind.padEnd(8)} bare authenticated route (my_data) ${fmt(bare)}; round p95 ${fmtSpread(spread3(barePerRound))}`,
  );
  o.log(
    `${o.kind.padEnd(8)} GET /api/floor/board/ as a browser reads it (its ETag kept, If-None-Match), ${boardReads.rps.toFixed(0)} req/s${failures ? `, ${failures} FAILED` : ''}, ${o.rounds} interleaved rounds of ${o.seconds} s:`,
  );
  o.log(`${''.padEnd(8)}   every read                ${line(everyRead)}`);
  o.log(`${''.padEnd(8)}   full reads (200)          ${line(full)}`);
  o.log(`${''.padEnd(8)}   between changes (304)     ${line(conditional)}`);
  return { board: boardReads, bare, ratio: everyRead.ratio, full, conditional };
};

type ConditionalRound = { full: number[]; conditional: number[]; failures: number; seconds: number };

/**
 * One GET as a browser's HTTP cache sends it for a `no-cache` answer it holds: `accept-encoding:
 * gzip` and `If-None-Match` with the ETag it last got; the body read as it comes, never inflated.
 */
const getConditional = (agent: http.Agent, url: string, headers: Record<string, string>, etag?: string) =>
  new Promise<{ status: number; etag?: string }>((resolve, reject) => {
    const req = http.get(
      url,
      { agent, headers: { 'accept-encoding': 'gzip', ...headers, ...(etag ? { 'if-none-match': etag } : {}) } },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });

/** `etags.length` workers, each a browser keeping the ETag it last got (kept across rounds), for `seconds`. */
const loadConditional = async (
  url: string,
  headers: Record<string, string>,
  etags: (string | undefined)[],
  seconds: number,
): Promise<ConditionalRound> => {
  const round: ConditionalRound = { full: [], conditional: [], failures: 0, seconds: 0 };
  const agent = new http.Agent({ keepAlive: true, maxSockets: etags.length });
  const end = performance.now() + seconds * 1000;
  const worker = async (w: number) => {
    while (performance.now() < end) {
      const t = performance.now();
      const res = await getConditional(agent, url, headers, etags[w]);
      const took = performance.now() - t;
      if (res.status === 200) {
        round.full.push(took);
        etags[w] = res.etag;
      } else if (res.status === 304) round.conditional.push(took);
      else round.failures += 1;
    }
  };
  const started = performance.now();
  await Promise.all(etags.map((_, w) => worker(w)));
  round.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return round;
};

type Screen = { ws: WebSocket; base: string; session: BenchSession };

/** A board change: the branch's off-shift therapist clocked in, or out again. */
const clockInOrOut = (admin: BenchSession, base: string, branch: BusyBranch, clockIn: boolean) =>
  fetch(`${base}/api/floor/shifts/${clockIn ? 'clock-in' : 'clock-out'}/`, {
    method: 'POST',
    headers: { ...admin.headers, 'content-type': 'application/json' },
    body: JSON.stringify(
      clockIn ? { employee: branch.offShift, location: branch.location } : { employee: branch.offShift },
    ),
  });

/** `count` sockets, one signed-in session each (the manager and the receptionist in turn), spread over the instances. */
const openScreens = async (servers: BenchServer[], count: number): Promise<Screen[]> => {
  const screens: Screen[] = [];
  for (let i = 0; i < count; i += 1) {
    const server = servers[i % servers.length]!;
    const session = await loginOver(server.base, i % 2 ? 'manager' : 'receptionist', BENCH_DEMO_PASSWORD);
    const ws = await new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${server.port}/ws/notifications/`, {
        headers: { cookie: session.cookie, origin: server.base },
      });
      socket.once('message', () => resolve(socket)); // "connected"
      socket.once('error', reject);
    });
    screens.push({ ws, base: server.base, session });
  }
  return screens;
};

/**
 * One board change through the first instance (the off-shift therapist clocked in, or out), timed
 * from sending it to each screen's `floor_changed` frame and to that screen's board read again,
 * as an open board does on the frame.
 */
const oneChange = async (
  screens: Screen[],
  admin: BenchSession,
  base: string,
  branch: BusyBranch,
  clockIn: boolean,
) => {
  const frames: number[] = [];
  const refreshed: number[] = [];
  let t0 = 0;
  const arrived = screens.map(
    (screen) =>
      new Promise<void>((resolve, reject) => {
        const onMessage = (data: WebSocket.RawData) => {
          if (!String(data).includes(`"${FLOOR_CHANGED_ACTION}"`)) return;
          screen.ws.off('message', onMessage);
          frames.push(performance.now() - t0);
          fetch(`${screen.base}/api/floor/board/?location=${branch.location}`, { headers: screen.session.headers })
            .then(async (res) => {
              await res.arrayBuffer();
              if (!res.ok) throw new Error(`board after a change: ${res.status}`);
              refreshed.push(performance.now() - t0);
              resolve();
            })
            .catch(reject);
        };
        screen.ws.on('message', onMessage);
      }),
  );
  t0 = performance.now();
  const res = await clockInOrOut(admin, base, branch, clockIn);
  if (!res.ok) throw new Error(`clock ${clockIn ? 'in' : 'out'}: ${res.status} ${await res.text()}`);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(arrived),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`only ${frames.length}/${screens.length} frames in 30 s`)), 30_000);
    }),
  ]);
  clearTimeout(timer);
  return { frames, refreshed };
};

/** `sockets` open boards over the instances; `changes` board changes through the first, each awaited everywhere. */
const measureLive = async (servers: BenchServer[], branch: BusyBranch, o: FloorBenchOptions) => {
  const screens = await openScreens(servers, o.sockets);
  const admin = await loginOver(servers[0]!.base, 'admin', BENCH_ADMIN_PASSWORD);
  const frames: number[] = [];
  const refreshed: number[] = [];
  const before = loadAverage();
  try {
    for (let i = 0; i < o.changes; i += 1) {
      const one = await oneChange(screens, admin, servers[0]!.base, branch, i % 2 === 0);
      frames.push(...one.frames);
      refreshed.push(...one.refreshed);
    }
  } finally {
    for (const screen of screens) screen.ws.terminate();
  }
  const result = { frame: spread(frames), refreshed: spread(refreshed) };
  const line = (s: Spread) => `p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  max ${ms(s.max)}`;
  o.log(
    `${o.kind.padEnd(8)} ${o.changes} changes to ${o.sockets} open boards on ${servers.length} instance(s) (${frames.length} frames):`,
  );
  o.log(`${''.padEnd(8)}   floor_changed frame         ${line(result.frame)}`);
  o.log(`${''.padEnd(8)}   board read again after it   ${line(result.refreshed)}`);
  o.log(`${''.padEnd(8)} load average ${before} before, ${loadAverage()} after`);
  return result;
};

/**
 * `npm run bench:floor` (issue 22's figures): a fresh database with a busy branch (40 therapists on
 * shift, 20 rooms, `reservations` today, some in service), served by the server bundle as its own
 * process. First the board read at `concurrency` concurrent requests beside a bare authenticated
 * route; then, on two instances on one PostgreSQL (one on PGlite, which is one process's alone),
 * `sockets` open boards split over them and `changes` clock-ins and clock-outs through the first,
 * timed to every socket's `floor_changed` frame. Budgets (docs/performance.md): board p95 ≤ 50 ms;
 * a change reaching 50 open boards p99 ≤ 1 s.
 */
export const benchFloor = async (o: FloorBenchOptions): Promise<FloorBenchResult> => {
  const bench = await benchDatabase({ kind: o.kind, adminUrl: o.adminUrl, name: 'floor', onDisk: true });
  const servers: BenchServer[] = [];
  let open = true;
  try {
    const started = performance.now();
    await seedBench(bench.database, clientsFor(o.reservations));
    const branch = await insertBusyBranch(bench.database.db, o);
    o.log(
      `${o.kind}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (demo data, then the branch: ${branch.reservations} reservations today and as many on each of ${o.historyDays} days before, ${branch.inService} in service now)`,
    );
    await bench.database.close();
    open = false;
    const instances = o.kind === 'postgres' ? 2 : 1;
    for (let i = 0; i < instances; i += 1)
      servers.push(await startBenchServer({ entry: o.serverEntry, databaseUrl: bench.url, dataDir: bench.dataDir }));
    const desk = await loginOver(servers[0]!.base, 'receptionist', BENCH_DEMO_PASSWORD);
    const read = await measureBoard(servers[0]!, desk, branch, o);
    const live = await measureLive(servers, branch, o);
    return { ...read, ...live, instances };
  } finally {
    for (const server of servers) await server.stop();
    if (open) await bench.database.close();
    await bench.drop();
  }
};
