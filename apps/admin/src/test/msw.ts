import { ErrorResponse } from '@backroom/contracts';
import { type HttpHandler, HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, type MockInstance, vi } from 'vitest';
import type { z } from 'zod';

/**
 * The admin's request handlers for component tests (issue 15 "tests that fail when a contract changes"): an MSW
 * server (`msw/node`) answers the api client's `fetch` calls, and every answer goes through {@link reply}, which
 * PARSES the body with the contract's zod schema — so a fixture that no longer matches `@backroom/contracts` fails
 * the test instead of silently testing a shape the server no longer sends.
 *
 * Use in a `*.test.tsx` (after `./setup-dom`):
 *
 *   import { calls, server } from '../../test/msw';
 *   import { handlers } from '../../test/handlers';
 *   beforeEach(() => server.use(handlers.preference(), handlers.stores()));
 *   server.use(http.get('/api/products', ({ request }) => reply(ProductListResponse, {...})));
 *
 * Importing this module registers the lifecycle hooks of the file: listen before all tests, reset the per-test
 * handlers and the recorded calls after each, close at the end. A request no handler answers gets the API's 404
 * error body.
 */

/** Answers `body` as JSON after parsing it with the contract `schema` (throws, failing the test, when it does not match). */
export function reply<S extends z.ZodType>(schema: S, body: z.input<S>, init?: ResponseInit): Response {
  return HttpResponse.json(schema.parse(body) as JsonBodyType, init);
}

/** An API error answer (contracts ErrorResponse: statusCode, code, messages), e.g. `fail(400, 'BAD_REQUEST', ['…'])`. */
export function fail(status: number, code: string, messages: string[] = []): Response {
  return reply(ErrorResponse, { statusCode: status, code, messages }, { status });
}

/** What a request no test handler answers: 404 with the API's error body. */
const fallback: HttpHandler = http.all('/api/*', () => fail(404, 'NOT_FOUND'));

/** The MSW server of the file. Add per-test handlers with `server.use(...)`. */
export const server = setupServer(fallback);

/** One call the app made, as it passed it to `fetch`: the URL as written (`/api/…?…`) and the init (method, headers, body). */
export interface FetchCall {
  url: string;
  init?: RequestInit;
}

let spy: MockInstance<typeof fetch> | null = null;

/** Every `fetch` call of the current test, in order (recorded before MSW answers it). */
export function calls(): FetchCall[] {
  return (spy?.mock.calls ?? []).map(([input, init]) => ({
    url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    init,
  }));
}

/** The URLs of {@link calls}. */
export function urls(): string[] {
  return calls().map((c) => c.url);
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  spy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  server.resetHandlers();
  spy?.mockRestore();
  spy = null;
});
afterAll(() => server.close());
