/** Public API of the `checkouts` module (issue 12 item 5): the abandoned-checkouts route of the admin and the recovery link. */
export { default as checkoutsRoutes } from './routes.js';
