/**
 * Public API of the `account` module (formerly `auth-extra`): forgot / reset password, partner sign-up, the
 * business survey and the development outbox. Staff invitations reuse its single-use password links.
 */
export { default as accountRoutes } from './routes.js';
export { createPasswordToken, handleFromName, resetLink, uniqueHandle } from './service.js';
