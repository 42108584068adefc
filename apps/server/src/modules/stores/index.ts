/** Public API of the `stores` module: the user's shops and the page preference. */
export { default as storesRoutes } from './routes.js';
