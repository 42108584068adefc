/** Public API of the `themes` module: themes, config versions, publish, editor lookups, and the demo themes. */
export { seedDemoThemes } from './demo.js';
export { default as themesRoutes } from './routes.js';
export { publishTheme } from './service.js';
