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
    rolldownOptions: {
      // Rolldown's [PLUGIN_TIMINGS] warning (issue 28 item 5: it was left in `npm start`'s output) compares the time
      // spent inside JavaScript plugin hooks (@vitejs/plugin-react, vite:css over Mantine's CSS) with its own link
      // stage and fires above 100×; on a shared two-core machine the ratio follows the load, not the code, so the
      // plugin it names changes from run to run and there is nothing to act on. Builds are timed by
      // scripts/build-cached.mjs and bench/start instead.
      checks: { bundlerTimings: false },
      output: {
        // Floating UI (Mantine's popovers, menus, tooltips) in a chunk of its own: left to the automatic chunking it
        // lands in the entry, which the sign-in screen does not use (issue 16 item 4, admin first screen ≤ 250 KB).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
