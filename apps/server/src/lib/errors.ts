/**
 * An error with an HTTP status that the one error handler turns into `{statusCode, code, messages}`
 * (spec admin-dashboard §8: the admin shows the joined messages).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messages: string[],
  ) {
    super(messages.join('; ') || code);
  }
}

/** 400: the request is invalid; each message names the field and the rule. */
export const badRequest = (...messages: string[]) => new HttpError(400, 'BAD_REQUEST', messages);
/** 401: no valid session (missing, expired or revoked token). */
export const unauthorized = (message = 'Please sign in again') => new HttpError(401, 'UNAUTHORIZED', [message]);
/** 403: signed in, but the scope is missing (the admin sends the user to no-access). */
export const forbidden = (message = 'You do not have access to this page') => new HttpError(403, 'FORBIDDEN', [message]);
/** 404: absent, or owned by a store the session may not see (cross-store access answers 404, DESIGN.md "Data"). */
export const notFound = (what = 'Resource') => new HttpError(404, 'NOT_FOUND', [`${what} not found`]);
/** 409: a conflicting change (stale version, duplicate). */
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', [message]);
/** 429: too many attempts. */
export const tooMany = (message = 'Too many attempts, please try again later') => new HttpError(429, 'TOO_MANY_REQUESTS', [message]);
