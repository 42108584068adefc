/**
 * Public API of the `auth` module: sign-in, token rotation, sign-out and `GET /api/users/me`. Other modules
 * import only from here (issue 15: modules talk to each other through their index.ts).
 */
export { default as authRoutes } from './routes.js';
export { openSession, recordAuthEvent, revokeSessions } from './service.js';
