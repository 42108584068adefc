/** Public API of the `dashboard` module: the home dashboard's reports, order count and custom HTML. */
export { dashboardRoutes } from './routes.js';
