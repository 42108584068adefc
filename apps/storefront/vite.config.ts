import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Storefront build (DESIGN.md "One process, three faces"): served by the API server at each shop's own origin
 * (`http://{handle}.localhost:3000/`), chosen by the `Host` header; assets under `/assets/` (immutable), static
 * theme images under `/theme-assets/`. Fonts of theme-editor §9 are bundled from `@fontsource/*` and loaded on
 * demand (only the families a config uses). In `vite dev`, `/api` is proxied to http://localhost:3000 with the
 * Host kept, so open http://demo.localhost:5174/.
 */
export default defineConfig({
  base: '/',
  // The theme's images (/theme-assets/*.svg) live with the theme declaration that names them as defaults.
  publicDir: '../../packages/theme/public',
  plugins: [react()],
  // Preact instead of React in the storefront's browser AND server builds (issue 16 item 3: JavaScript before
  // hydration ≤ 60 KB compressed; react-dom alone is ~55 KB, Preact with compat ~11 KB). Preact 11's compat reads
  // useSyncExternalStore's getServerSnapshot while hydrating (the location, cart, viewport and `useHydrated` render
  // as on the server, then switch after hydration), which the same-DOM rule relies on; Preact 10's did not. Both
  // sides render with Preact (preact-render-to-string on the server), so the markup is what Preact hydrates. The
  // sources keep importing 'react' (types from @types/react); only the bundles are Preact.
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  // TanStack Query's React binding imports 'react': bundled into the server renderer so the alias applies there too
  // (one Preact instance with the app's hooks).
  ssr: { noExternal: ['@tanstack/react-query'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps are public files: built only when asked (SOURCEMAP=true, or 'hidden' for an error tracker
    // that uploads them without a sourceMappingURL comment; issue 14 item 5).
    sourcemap: process.env.SOURCEMAP === 'true' ? true : process.env.SOURCEMAP === 'hidden' ? 'hidden' : false,
    chunkSizeWarningLimit: 600,
    // A lazy chunk is imported without Vite's preload helper inserting a `<link rel="modulepreload">` for itself (the
    // import fetches it at once) or for the entry chunk or Preact's (`index-*`, `jsxRuntime-*`, loaded by then): on
    // the product page those insertions for the upsell and widget islands were a 4 ms task (16–18 ms at Lighthouse's
    // 4× CPU) right after hydration (issue 16: total blocking time). Other lazy dependencies (Checkout's Cart and
    // pixel-events chunks) are still preloaded beside their importer; the HTML's preloads stay. Were the chunks
    // renamed, the filter would keep those two as well: Vite's default.
    modulePreload: {
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((d) => d !== file && !/(^|\/)(index|jsxRuntime)-[\w-]+\.js$/.test(d)),
    },
    // The server renderer (`vite build --ssr src/entry-server.tsx --outDir dist-ssr`, issue 16 item 1) is imported
    // by the server process; the theme's public files are the browser build's only.
    copyPublicDir: !process.argv.includes('--ssr'),
    // No [PLUGIN_TIMINGS] warning: a ratio of plugin-hook time to Rolldown's link stage that follows the machine's
    // load, not the code (see apps/admin/vite.config.ts; issue 28 item 5).
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
