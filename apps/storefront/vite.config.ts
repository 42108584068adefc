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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps are public files: built only when asked (SOURCEMAP=true, or 'hidden' for an error tracker
    // that uploads them without a sourceMappingURL comment; issue 14 item 5).
    sourcemap: process.env.SOURCEMAP === 'true' ? true : process.env.SOURCEMAP === 'hidden' ? 'hidden' : false,
    chunkSizeWarningLimit: 600,
    // The server renderer (`vite build --ssr src/entry-server.tsx --outDir dist-ssr`, issue 16 item 1) is imported
    // by the server process; the theme's public files are the browser build's only.
    copyPublicDir: !process.argv.includes('--ssr'),
  },
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
