/** Public API of the `staff` module: permissions, staff CRUD, session revocation, profile and sign-in history. */
export { default as staffRoutes } from './routes.js';
