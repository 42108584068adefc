import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema } from 'zod';
import { $ZodType } from 'zod/v4/core';

type JsonSchema = Record<string, unknown>;

/** A route's response schema as Fastify hands it over: a zod schema, or `{properties: zod}`. */
function zodOf(schema: unknown): $ZodType | null {
  if (schema instanceof $ZodType) return schema;
  const props = (schema as { properties?: unknown } | null)?.properties;
  return props instanceof $ZodType ? props : null;
}

/**
 * Rewrites zod's JSON Schema into what fast-json-stringify serialises without a validator: a nullable value
 * (`anyOf: [X, {type: 'null'}]`, zod's spelling of `.nullable()`) becomes `X` with `nullable: true`. Other `anyOf`s
 * (unions) stay; fast-json-stringify picks their branch with Ajv.
 */
function forSerializer(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializer);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = forSerializer(v);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && other && typeof other.type === 'string' && !other.anyOf && !other.oneOf && !other.$ref) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

/** Compiled writers per zod schema object: a schema shared by many routes (ErrorResponse) is compiled once. */
const compiled = new WeakMap<$ZodType, ((data: unknown) => string) | null>();

/**
 * The fast-json-stringify function of a zod response schema (its OUTPUT side as JSON Schema, draft-07), or null
 * when zod cannot express the schema in JSON Schema (transforms, custom types): such a route keeps zod's encoder.
 * Exported for the tests.
 */
export function fastSerializer(schema: $ZodType): ((data: unknown) => string) | null {
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  let fn: ((data: unknown) => string) | null = null;
  try {
    const json = toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema;
    const { $schema: _, ...rest } = forSerializer(json) as JsonSchema;
    fn = fastJson(rest as never) as (data: unknown) => string;
  } catch {
    fn = null;
  }
  compiled.set(schema, fn);
  return fn;
}

/** Thrown (→ 500) in development and tests when the fast serializer and zod's encoder disagree on an answer. */
export class SerializerMismatchError extends Error {
  constructor(method: string, url: string, fast: string, zod: string) {
    super(`Response of ${method} ${url}: fast-json-stringify wrote ${fast.slice(0, 500)} but zod wrote ${zod.slice(0, 500)}`);
    this.name = 'SerializerMismatchError';
  }
}

/**
 * Fastify's serializer compiler for the routes' zod response schemas (issue 14 item 1: "response serialisation
 * cheap"). Each route's schema is turned ONCE into a fast-json-stringify function (zod's `toJSONSchema`, output
 * side), compiled on the route's first answer — instead of zod's `safeEncode` plus `JSON.stringify` on every
 * answer, which was ~15 % of the server's CPU on `GET /api/products` (bench/api/RESULTS.md). Like zod's encoder it
 * writes only the schema's keys, so a row's extra columns never leak.
 *
 * What it does not do is check the answer: fast-json-stringify trusts its input. So with `checked` (every
 * NODE_ENV but production: development and the tests) each answer is ALSO encoded by zod as before — an answer
 * that breaks its contract still fails with FST_ERR_RESPONSE_SERIALIZATION — and the two writings must parse to
 * the same value, else SerializerMismatchError (500). Every API test thereby checks the fast path of the routes it
 * calls. A schema zod cannot express as JSON Schema keeps zod's encoder everywhere.
 */
export function makeSerializerCompiler(opts: { checked: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodEncode = zodSerializerCompiler(route as never) as (data: unknown) => string;
    const schema = zodOf(route.schema);
    if (!schema) return zodEncode;
    let fast: ((data: unknown) => string) | null | undefined;
    return (data: unknown) => {
      if (fast === undefined) fast = fastSerializer(schema);
      if (!fast) return zodEncode(data);
      if (!opts.checked) return fast(data);
      const expected = zodEncode(data);
      const written = fast(data);
      // Both follow the schema's key order, so the texts are usually identical; else they must mean the same.
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new SerializerMismatchError(route.method, route.url, written, expected);
      }
      return written;
    };
  };
}
