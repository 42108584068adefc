/** Public API of the `widgets` module: product widgets (issue 18 item 2). */
export { default as widgetsRoutes } from './routes.js';
