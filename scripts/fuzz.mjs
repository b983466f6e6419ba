// npm run fuzz: the API fuzz (apps/server/src/test/fuzz.test.ts) with many more cases per operation
// than `npm test` runs. FUZZ_RUNS (default 200) cases per operation as Admin, half as many signed
// out; FUZZ_SEED picks the sequence (default: a new one each run, printed so a failure can be replayed).
// Extra arguments go to vitest, e.g. `npm run fuzz -- -t "POST /api/banks/"`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = process.env.FUZZ_RUNS ?? '200';
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`fuzz: FUZZ_RUNS=${runs} FUZZ_SEED=${seed}`);
const child = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--project',
    'server',
    'src/test/fuzz.test.ts',
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed },
    stdio: 'inherit',
  },
);
child.on('exit', (code, signal) => {
  if (code !== 0) console.log(`fuzz: failed; replay with FUZZ_RUNS=${runs} FUZZ_SEED=${seed} npm run fuzz`);
  process.exit(code ?? (signal ? 1 : 0));
});
