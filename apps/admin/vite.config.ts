import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Admin SPA build (DESIGN.md "One process, three faces"): served by the API server from `apps/admin/dist` at
 * `/auth/*` and `/admin/*` with SPA fallback, assets under `/assets/`. In `vite dev`, `/api` is proxied to the
 * server on http://localhost:3000.
 */
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
