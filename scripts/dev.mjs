// `npm run dev`: the developer loop (docs/operations.md, "Developing"). Vite serves the web app
// with hot reload and proxies /api and /ws to the API server, which tsx runs from the TypeScript
// sources and restarts whenever a server or contract source changes. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.DEV_API_PORT ?? '8200';
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const children = [];
let stopping = false;
const stopAll = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};

const run = (name, command, args, { cwd = root, env = {} } = {}) => {
  const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`dev: the ${name} stopped (${signal ?? `code ${code}`}); stopping the rest.`);
    stopAll(code ?? 1);
  });
  children.push(child);
};

// The API server: its own data directory (data/dev, beside npm start's data/), so both can be kept.
run(
  'API server',
  bin('tsx'),
  ['watch', '--clear-screen=false', '--include', 'packages/contract/src', 'apps/server/src/server.ts'],
  {
    env: {
      PORT: apiPort,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data/dev'),
      NODE_ENV: 'development',
    },
  },
);
// Vite on its own port (5173 unless taken), the API behind its proxy (apps/web/vite.config.ts).
run('web dev server', bin('vite'), [], {
  cwd: path.join(root, 'apps/web'),
  env: { VITE_DEV_API_TARGET: `http://127.0.0.1:${apiPort}` },
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
