import WebSocket from 'ws';
import { FLOOR_CHANGED_ACTION } from '@ginhawa/contract';
import {
  BENCH_ADMIN_PASSWORD,
  BENCH_DEMO_PASSWORD,
  benchDatabase,
  fmtSpread,
  interleaveLoad,
  loadAverage,
  loginOver,
  ms,
  pct,
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
export type FloorBenchResult = {
  board: LoadResult;
  bare: LoadResult;
  /** Board p95 / bare p95 of each interleaved round: min, median, max. */
  ratio: Spread3;
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
  const [bare, read] = await interleaveLoad(
    [
      { name: 'bare', url: () => bareUrl },
      { name: 'board', url: () => boardUrl },
    ],
    desk.headers,
    {
      concurrency: o.concurrency,
      seconds: o.seconds,
      rounds: o.rounds,
      log: (line) => o.log(`${''.padEnd(8)} ${line}`),
    },
  );
  const ratios = read!.roundP95.map((p95, r) => p95 / bare!.roundP95[r]!);
  o.log(
    `${o.kind.padEnd(8)} bare authenticated route (my_data) ${fmt(bare!.total)}; round p95 ${fmtSpread(spread3(bare!.roundP95))}`,
  );
  o.log(
    `${o.kind.padEnd(8)} GET /api/floor/board/             ${fmt(read!.total)}; round p95 ${fmtSpread(spread3(read!.roundP95))}`,
  );
  o.log(
    `${''.padEnd(8)} board p95 / bare p95, per round (${o.rounds} interleaved rounds of ${o.seconds} s, min / median / max): ${fmtSpread(spread3(ratios), 2, '×')}; pooled ${(read!.total.p95 / bare!.total.p95).toFixed(2)}×`,
  );
  return { board: read!.total, bare: bare!.total, ratio: spread3(ratios) };
};

type Screen = { ws: WebSocket; base: string; session: BenchSession };

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
  const res = await fetch(`${base}/api/floor/shifts/${clockIn ? 'clock-in' : 'clock-out'}/`, {
    method: 'POST',
    headers: { ...admin.headers, 'content-type': 'application/json' },
    body: JSON.stringify(
      clockIn ? { employee: branch.offShift, location: branch.location } : { employee: branch.offShift },
    ),
  });
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
