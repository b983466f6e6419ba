import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API server for `npm run dev` (start it on this port, see README).
const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:8200';

export default defineConfig({
  plugins: [react()],
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
  },
});
