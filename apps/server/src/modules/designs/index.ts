/**
 * Public API of the `designs` module (issue 19 item 6): the print-on-demand design routes and render job, and the
 * print renders of an order's lines (read by the order detail).
 */
export { default as designsRoutes } from './routes.js';
export { orderRenders } from './service.js';
