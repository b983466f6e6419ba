// node scripts/node.mjs SCRIPT [ARGS…]: runs SCRIPT on the Node the project brings (decision 0714).
// `npm install` puts Node 24's own binary in node_modules/node-<platform>-<arch>/ (an optional
// dependency per platform, installed only where it runs); this launcher, started by whatever
// `node` the machine has, hands SCRIPT to that binary, with its directory first on PATH so
// anything SCRIPT spawns as `node` (npm, vite, tsx) runs on it too. Where no packaged binary is
// installed (a platform the registry has no Node 24 for), the machine's node runs SCRIPT.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const windows = process.platform === 'win32';

/** The packaged binary for this platform, when npm installed it. */
export const packagedNode = () => {
  const dir = path.join(root, 'node_modules', `node-${windows ? 'win' : process.platform}-${process.arch}`, 'bin');
  const binary = path.join(dir, windows ? 'node.exe' : 'node');
  return fs.existsSync(binary) ? binary : null;
};

if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const binary = packagedNode() ?? process.execPath;
  const env = { ...process.env };
  const pathKey = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  env[pathKey] = [path.dirname(binary), env[pathKey]].filter(Boolean).join(path.delimiter);
  const child = spawn(binary, process.argv.slice(2), { stdio: 'inherit', env });
  // Ctrl-C reaches the whole process group; SIGTERM from a supervisor reaches only this launcher.
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  process.on('SIGINT', () => undefined);
  child.on('error', (err) => {
    console.error(`Could not start ${binary}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}
