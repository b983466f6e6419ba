// Bundles the server's TypeScript (and the shared contract) into apps/server/dist/server.mjs with
// esbuild; npm packages stay external. Running the bundle instead of tsx starts faster and uses
// about 70 MB less memory.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/server.mjs');

export const buildServer = async () => {
  await build({
    entryPoints: [path.join(root, 'apps/server/src/server.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@ginhawa/contract': path.join(root, 'packages/contract/src/index.ts') },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
