import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BENCH_DEMO_PASSWORD,
  benchDatabase,
  fmtSpread,
  interleaveLoad,
  loginOver,
  ms,
  nextBenchPort,
  seedBench,
  spread3,
  startBenchServer,
  type Interleaved,
} from './bench-kit';

/**
 * `npm run bench:requests` (issue 35, "Requests that cost little more than the framework"): the
 * server bundle on PostgreSQL beside bare Fastify on the same database (scripts/bench-bare-peer.mjs),
 * interleaved rounds at `concurrency` concurrent GETs:
 * - an authenticated read of a small object (`GET /api/users/my_data/`, the receptionist) beside
 *   bare Fastify sending the same bytes after the same cookie check (one prepared statement);
 * - the liveness route (`GET /api/health/live/`) beside a bare Fastify hello.
 */
export type RequestsBenchOptions = {
  adminUrl: string;
  serverEntry: string;
  peerEntry: string;
  concurrency: number;
  seconds: number;
  rounds: number;
  log: (line: string) => void;
};

const startPeer = async (entry: string, databaseUrl: string, bodyFile: string) => {
  const port = nextBenchPort();
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), BODY_FILE: bodyFile },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`${base}/bare/hello/`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the bare peer did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { base, stop };
};

export type RequestsBenchResult = { read: number; live: number };

export const benchRequests = async (o: RequestsBenchOptions): Promise<RequestsBenchResult> => {
  const bench = await benchDatabase({ kind: 'postgres', adminUrl: o.adminUrl, name: 'requests' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-bench-requests-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    await seedBench(bench.database, 200);
    await bench.database.close();
    const server = await startBenchServer({ entry: o.serverEntry, databaseUrl: bench.url });
    stops.push(server.stop);
    const desk = await loginOver(server.base, 'receptionist', BENCH_DEMO_PASSWORD);
    const mine = await fetch(`${server.base}/api/users/my_data/`, { headers: desk.headers });
    if (!mine.ok) throw new Error(`my_data: ${mine.status}`);
    const bodyFile = path.join(dir, 'my_data.json');
    fs.writeFileSync(bodyFile, Buffer.from(await mine.arrayBuffer()));
    const peer = await startPeer(o.peerEntry, bench.url!, bodyFile);
    stops.push(peer.stop);
    o.log(`my_data: ${fs.statSync(bodyFile).size} bytes, sent by both`);

    const pair = async (floor: string, subject: string, what: string, goal: number) => {
      const [bare, app] = (await interleaveLoad(
        [
          { name: 'bare', url: () => floor },
          { name: 'app', url: () => subject },
        ],
        desk.headers,
        { concurrency: o.concurrency, seconds: o.seconds, rounds: o.rounds, log: o.log },
      )) as [Interleaved, Interleaved];
      const ratios = app.roundP95.map((p95, r) => p95 / bare.roundP95[r]!);
      const line = (name: string, r: Interleaved) =>
        `  ${name.padEnd(34)} p50 ${ms(r.total.p50)}  p95 ${ms(r.total.p95)}  ${r.total.rps.toFixed(0)} req/s (${r.total.n}${r.total.failures ? `, ${r.total.failures} FAILED` : ''}); round p95 ${fmtSpread(spread3(r.roundP95))}`;
      o.log(what);
      o.log(line('bare Fastify', bare));
      o.log(line('Ginhawa', app));
      const ratio = spread3(ratios);
      o.log(
        `  p95 ratio per round (${o.rounds} interleaved rounds of ${o.seconds} s, min / median / max): ${fmtSpread(ratio, 2, '×')}; pooled ${(app.total.p95 / bare.total.p95).toFixed(2)}×; goal ≤ ${goal}× ${ratio.median <= goal && app.total.failures === 0 ? 'met' : 'MISSED'}`,
      );
      return ratio.median;
    };
    const read = await pair(
      `${peer.base}/bare/my_data/`,
      `${server.base}/api/users/my_data/`,
      'an authenticated read of a small object (GET /api/users/my_data/, the receptionist)',
      1.3,
    );
    const live = await pair(
      `${peer.base}/bare/hello/`,
      `${server.base}/api/health/live/`,
      'liveness (GET /api/health/live/) beside a bare hello',
      1.3,
    );
    return { read, live };
  } finally {
    for (const stop of stops.reverse()) await stop();
    fs.rmSync(dir, { recursive: true, force: true });
    await bench.drop();
  }
};
