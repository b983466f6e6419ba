// npm run bench:requests [-- --concurrency 20 --rounds 5 --seconds 4]
// The server bundle on PostgreSQL beside bare Fastify on the same database, interleaved rounds
// (apps/server/src/test/requests.bench.ts): an authenticated read of a small object beside the same
// bytes after the same cookie check, and the liveness route beside a bare hello. Goal (issue 35):
// ≤ 1.3× bare Fastify. BENCH_DATABASE_URL or DATABASE_URL names a server where the role may create
// databases. Ports: BENCH_PORT and the next ones.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { arg, PG_URL } from './bench-args.mjs';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

if (!PG_URL) {
  console.error('bench:requests needs PostgreSQL: set BENCH_DATABASE_URL.');
  process.exit(1);
}
await buildServer();
const { benchRequests } = await tsImport('../apps/server/src/test/requests.bench.ts', import.meta.url);
const result = await benchRequests({
  adminUrl: PG_URL,
  serverEntry: SERVER_BUNDLE,
  peerEntry: fileURLToPath(new URL('./bench-bare-peer.mjs', import.meta.url)),
  concurrency: Number(arg('concurrency', '20')),
  seconds: Number(arg('seconds', '4')),
  rounds: Number(arg('rounds', '5')),
  log: (line) => console.log(line),
});
process.exit(result.read <= 1.3 && result.live <= 1.3 ? 0 : 1);
