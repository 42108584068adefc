/** Public API of the `domains` module (spec §7 Onboarding and domains): its routes and the shop's primary domain. */
export { default as domainsRoutes } from './routes.js';
