// `npm run bench:memory`: the embedded server's resident memory right after `npm start` on a new
// data directory with the demo data, printed beside its floor: a bare PGlite in a plain node
// process opening the same data and running two queries. Budget: the server ≤ 1.25× the floor.
// Both are read as often (--rounds, default 3), interleaved: each round a new data directory, the
// order rotating; min / median / max and the load average before and after. Port: BENCH_PORT.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { arg, fmtSpread, loadAverage, nextBenchPort, spread3 } from './bench-args.mjs';
import { root, rssMb, startBenchServer } from './bench-server.mjs';

const PORT = nextBenchPort();
const SETTLE_MS = 5_000;
const BUDGET = 1.25;
const ROUNDS = Number(arg('rounds', '3'));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm start` on a new data directory with the demo data; its RSS once settled. */
const serverOnce = async () => {
  const { server, base, dataDir } = await startBenchServer({ port: PORT, prefix: 'ginhawa-bench-memory-' });
  // A person's first look: the sign-in screen's settings call and the health check, then quiet.
  await fetch(`${base}/api/configurations/settings/`);
  await sleep(SETTLE_MS);
  const rss = rssMb(server.pid);
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await stopped;
  return { rss, dataDir };
};

// The floor, in a plain node process (no Fastify, no app code), on the same data directory.
const bareOnce = (dataDir) => {
  const bare = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `
        import fs from 'node:fs';
        import { PGlite } from '@electric-sql/pglite';
        import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
        const db = await PGlite.create(process.argv[1], { extensions: { pg_trgm } });
        await db.query('select count(*) from clients');
        await db.query('select count(*) from sales');
        await new Promise((resolve) => setTimeout(resolve, ${SETTLE_MS}));
        process.stdout.write(String(Number(/VmRSS:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024));
        await db.close();
      `,
      path.join(dataDir, 'pglite'),
    ],
    { cwd: path.join(root, 'apps/server'), encoding: 'utf8' },
  );
  if (bare.status !== 0) throw new Error(`bare PGlite failed: ${bare.stderr}`);
  return Number(bare.stdout);
};

const serverReadings = [];
const bareReadings = [];
let dataDir;
const before = loadAverage();
for (let r = 0; r < ROUNDS; r += 1) {
  // Odd rounds read the floor first, on the data directory of the round before.
  if (r % 2 === 1) bareReadings.push(bareOnce(dataDir));
  const round = await serverOnce();
  serverReadings.push(round.rss);
  dataDir = round.dataDir;
  if (r % 2 === 0) bareReadings.push(bareOnce(dataDir));
}
const after = loadAverage();
const dataMb = Number(
  spawnSync('du', ['-sm', path.join(dataDir, 'pglite')])
    .stdout.toString()
    .split('\t')[0],
);
const server = spread3(serverReadings);
const bare = spread3(bareReadings);
const ratio = server.median / bare.median;
console.log(
  [
    `embedded database: ${dataMb} MB of data (demo); ${ROUNDS} interleaved rounds (min / median / max)`,
    `server RSS after npm start, settled ${SETTLE_MS / 1000} s: ${fmtSpread(server, 0, ' MB')}`,
    `bare PGlite on the same data, two queries:       ${fmtSpread(bare, 0, ' MB')}`,
    `ratio of medians ${ratio.toFixed(2)}× (budget ≤ ${BUDGET}×): ${ratio <= BUDGET ? 'met' : 'NOT met'}`,
    `load average ${before} before, ${after} after`,
  ].join('\n'),
);
