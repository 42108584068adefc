import { ErrorResponse } from '@backroom/contracts';
import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { routeGuard } from './guard.js';

/**
 * The OpenAPI document at `/api/docs/json` (issue 14 item 3: "an OpenAPI a client generator can use"). Routes declare
 * their zod schemas, `operationId` (camelCase), `summary` and `tags`; everything the guard decides is derived here
 * from the route's guard, so a new route gets it without writing it:
 *  - `security`: the bearer scheme on guarded routes, `[]` (public) on the others;
 *  - the `X-Store-Id` header parameter (uuid, required) on routes about one store (`store` not false);
 *  - the error answers `{statusCode, code, messages}`: 400 when the route validates input, 401 when guarded,
 *    403 when a scope is needed, 404 when the route is about one store or has path parameters — unless declared.
 * Only `/api/…` routes are documented (not the SPA fallbacks), and components no operation uses are left out. A
 * collection route registered with a trailing slash (`/api/stores/onlinestore/pages/`) is documented WITHOUT it
 * (Redocly's no-path-trailing-slash) and answers there too (`slashAliases`); one that has a slashless twin of its own
 * (`/api/auth/history/`) is left out as that twin's copy (issue 29 item 6). `npm test` lints the result with Redocly's recommended rules and type-checks a client
 * generated from it (`openapi.test.ts`).
 */
export function openapiOptions(config: Config, aliases: SlashAliases): FastifyDynamicSwaggerOptions {
  const transform: SwaggerTransform = (args) => {
    if (!args.url.endsWith('/') || args.url === '/') return transformRoute(args);
    // A trailing-slash collection route: documented without the slash unless the slashless path is a route itself.
    const documented = [args.route.method].flat().every((m) => aliases.documentedPath(m, args.url)) ? args.url.slice(0, -1) : null;
    return documented ? transformRoute({ ...args, url: documented }) : { schema: { hide: true }, url: args.url };
  };
  return {
    openapi: {
      info: {
        title: 'Backroom API',
        version: '1.0.0',
        description:
          'The merchant back-office API. Send `Authorization: Bearer <accessToken>` (from `loginWithPassword`) and, on store routes, `X-Store-Id`. Errors answer `{statusCode, code, messages}`.',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: config.adminOrigin, description: 'This server (admin and API share the origin)' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform,
    transformObject: transformDocument,
  };
}

/**
 * The trailing-slash collection routes (`GET/POST /api/stores/onlinestore/pages/`, menus, domains, payout card,
 * personalizations) under their slashless path too (issue 29 item 6): the document cannot list `/x/` (Redocly's
 * recommended `no-path-trailing-slash` is an error), so it lists `/x`, and the app's `rewriteUrl` sends a request
 * for `/x` (query kept) to `/x/` when `/x` is not a route of its own. `track(app)` records the routes (an onRoute
 * hook, before the modules register); `rewrite(url)` is one Map lookup per request.
 */
export interface SlashAliases {
  track(app: FastifyInstance): void;
  /** The URL to route: `/x/…query` for `/x…query` when only `METHOD /x/` is registered, else `url` itself. */
  rewrite(method: string, url: string): string;
  /** The path `METHOD url` (trailing slash) is documented under, or null when `METHOD /x` is a route itself. */
  documentedPath(method: string, url: string): string | null;
}

/** Builds the {@link SlashAliases} of one app; routes are told apart by method and path. */
export function slashAliases(): SlashAliases {
  const plain = new Set<string>();
  const slashed = new Set<string>();
  /** `METHOD /x` → the registered `/x/`, while `METHOD /x` is not a route. */
  const alias = new Map<string, string>();
  return {
    track(app) {
      app.addHook('onRoute', (route) => {
        const url = route.url;
        for (const method of [route.method].flat()) {
          if (url.length > 1 && url.endsWith('/')) {
            slashed.add(`${method} ${url}`);
            if (!plain.has(`${method} ${url.slice(0, -1)}`)) alias.set(`${method} ${url.slice(0, -1)}`, url);
          } else {
            plain.add(`${method} ${url}`);
            alias.delete(`${method} ${url}`);
          }
        }
      });
    },
    rewrite(method, url) {
      if (alias.size === 0) return url;
      const q = url.indexOf('?');
      const target = alias.get(`${method} ${q < 0 ? url : url.slice(0, q)}`);
      if (!target) return url;
      return q < 0 ? target : target + url.slice(q);
    },
    documentedPath(method, url) {
      const bare = url.slice(0, -1);
      return slashed.has(`${method} ${url}`) && !plain.has(`${method} ${bare}`) ? bare : null;
    },
  };
}

const STORE_HEADER = {
  type: 'string',
  format: 'uuid',
  description: 'The store the request is about; the caller must be a member of it (else 404).',
};

/** Descriptions of the error answers in the document. */
const ERROR_TEXT: Record<string, string> = {
  '400': 'Bad request: `messages` name the field and the rule',
  '401': 'No valid session',
  '403': 'A permission (scope or role) is missing',
  '404': 'Not found, or not in a store the caller belongs to',
  '409': 'Conflict with the current state',
  '413': 'Payload too large',
  '429': 'Too many requests',
};

type RouteSchema = Record<string, unknown> & { response?: Record<string, unknown> };
interface HeadersSchema {
  type?: string;
  properties?: object;
  required?: string[];
}

/** Per route: hides non-API routes, adds the guard-derived errors (zod level), converts, adds security and X-Store-Id. */
const transformRoute: SwaggerTransform = (args) => {
  const { url, route } = args;
  const schema = (args.schema ?? {}) as RouteSchema;
  if (!url.startsWith('/api/') || schema.hide) return { schema: { hide: true }, url };
  const guard = routeGuard(route);
  const aboutStore = !!guard && guard.store !== false;
  const errors: Record<number, boolean> = {
    400: !!(schema.body || schema.querystring || schema.params),
    401: !!guard,
    403: !!guard?.scope,
    404: aboutStore || url.includes(':'),
  };
  const response: Record<string, unknown> = { ...schema.response };
  for (const [status, applies] of Object.entries(errors)) if (applies && !response[status]) response[status] = ErrorResponse;
  // Errors are JSON even on a route that `produces` something else (a CSV export).
  for (const status of Object.keys(response))
    if (response[status] === ErrorResponse)
      response[status] = { description: ERROR_TEXT[status] ?? 'Error', content: { 'application/json': { schema: ErrorResponse } } };
  const out = jsonSchemaTransform({ ...args, schema: { ...schema, response } });
  const converted = out.schema as RouteSchema & { headers?: HeadersSchema };
  converted.security = guard ? [{ bearer: [] }] : [];
  if (aboutStore) {
    converted.headers = {
      type: 'object',
      ...converted.headers,
      properties: { ...converted.headers?.properties, 'x-store-id': STORE_HEADER },
      required: [...(converted.headers?.required ?? []), 'x-store-id'],
    };
  }
  return out;
};

/**
 * The whole document: zod components added (jsonSchemaTransformObject), `{allOf: [x]}` written as `x` (zod wraps a
 * reference in a one-member allOf when it is optional; Redocly's no-illogical-composition-keywords refuses that),
 * then the unused components dropped.
 */
const transformDocument: SwaggerTransformObject = (document) => {
  const object = jsonSchemaTransformObject(document);
  return withoutUnusedComponents(withoutSingleAllOf(object) as OpenApiObject) as typeof object;
};

/** A copy of `node` where every object that is exactly `{allOf: [one]}` is replaced by `one`. */
function withoutSingleAllOf<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutSingleAllOf) as T;
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node);
  if (entries.length === 1 && entries[0]![0] === 'allOf' && Array.isArray(entries[0]![1]) && entries[0]![1].length === 1)
    return withoutSingleAllOf(entries[0]![1][0]) as T;
  return Object.fromEntries(entries.map(([k, v]) => [k, withoutSingleAllOf(v)])) as T;
}

interface OpenApiObject {
  openapi: string;
  paths?: unknown;
  components?: { schemas?: Record<string, unknown> };
}

/** Drops components.schemas that no path reaches (directly or through other components), e.g. zod's `…Input` twins. */
function withoutUnusedComponents(doc: OpenApiObject): OpenApiObject {
  const schemas = doc.components?.schemas;
  if (!schemas) return doc;
  const prefix = '#/components/schemas/';
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const x of node) visit(x);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith(prefix)) {
          const name = v.slice(prefix.length);
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(v);
      }
    }
  };
  visit(doc.paths);
  return { ...doc, components: { ...doc.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([k]) => used.has(k))) } };
}
