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
    // Source maps are public files: built only when asked (SOURCEMAP=true, or 'hidden' for an error tracker
    // that uploads them without a sourceMappingURL comment; issue 14 item 5).
    sourcemap: process.env.SOURCEMAP === 'true' ? true : process.env.SOURCEMAP === 'hidden' ? 'hidden' : false,
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
