/**
 * Public API of the `menus` module (spec §7 Navigation menus): its routes, the menus as the storefront reads them
 * (broken items left out) and the theme editor's menu lookup.
 */
export { default as menusRoutes } from './routes.js';
export { editorMenus, storefrontMenus } from './service.js';
