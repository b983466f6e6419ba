// `npm start`: build the web app and the server bundle when missing or older than their sources,
// then run the server (it migrates, seeds an empty database and serves panel + API + WebSocket).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const newestMtime = (p) => {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
};
const isStale = (output, sources) => {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  return builtAt < Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
};

const webIndex = path.join(root, 'apps/web/dist/index.html');
if (
  isStale(webIndex, [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/public',
    'packages/contract/src',
  ])
) {
  console.log(fs.existsSync(webIndex) ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (isStale(SERVER_BUNDLE, ['apps/server/src', 'packages/contract/src', 'scripts/build-server.mjs']))
  await buildServer();

await import(SERVER_BUNDLE);
