/** Public API of the `live` module (issue 17 item 5): the live view's summary and stream routes. */
export { default as liveRoutes } from './routes.js';
export { mergeCountries } from './service.js';
