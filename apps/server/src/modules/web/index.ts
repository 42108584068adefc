/** Public API of the `web` module: the built admin SPA with its fallback. */
export { default as adminStatic } from './admin-static.js';
