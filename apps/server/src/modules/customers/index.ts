/** Public API of the `customers` module: its routes (issue 12 item 4). */
export { default as customersRoutes } from './routes.js';
