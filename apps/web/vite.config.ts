import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Writes .br and .gz beside every compressible build file, so the server can send them as they
 * are (@fastify/static `preCompressed`) instead of compressing on each request.
 */
const precompress = (): Plugin => ({
  name: 'ginhawa-precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    const outDir = options.dir ?? 'dist';
    for (const fileName of Object.keys(bundle)) {
      if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
      const file = path.join(outDir, fileName);
      const content = fs.readFileSync(file);
      if (content.length < 1024) continue;
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      );
    }
  },
});

// The API server for `npm run dev` (start it on this port, see README).
const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:8200';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  build: {
    // Report gzip sizes; the login route's budget is checked in the final report.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The contract's modules only declare schemas and constants: whatever the web does not use
      // (zod schemas on the sign-in path) is dropped instead of kept for possible side effects.
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
