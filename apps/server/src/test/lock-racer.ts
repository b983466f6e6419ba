// A process that races for DATA_DIR's lock (test/data-dir-lock.process.test.ts): it says "ready",
// waits for "go" on stdin so every racer tries at the same moment, then says "won" and holds the
// lock until SIGTERM (which releases it), or says "refused" with the reason and exits 1.
import readline from 'node:readline';
import { acquireDataDirLock } from '../lib/data-dir-lock';

const dataDir = process.argv[2]!;
process.stdout.write('ready\n');
const lines = readline.createInterface({ input: process.stdin });
lines.once('line', () => {
  try {
    acquireDataDirLock(dataDir, { command: `racer ${process.pid}` });
    process.stdout.write('won\n');
    // Held until SIGTERM: the lock's own handler releases it and exits.
    setInterval(() => undefined, 60_000);
  } catch (err) {
    process.stdout.write(`refused ${err instanceof Error ? err.message.split('\n')[0] : String(err)}\n`);
    process.exit(1);
  }
});
