/** Public API of the `catalog` module: its routes (product CSV import, product and collection lists); `npm run import` runs `import-cli.ts` inside the module. */

export { default as catalogRoutes } from './routes.js';
