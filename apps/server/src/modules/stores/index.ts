/** Public API of the `stores` module: the user's shops, the page preference, onboarding and the subscription. */

export { default as onboardingRoutes } from './onboarding-routes.js';
export { default as storesRoutes } from './routes.js';
