import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastSerializer, makeSerializerCompiler } from './serializer.js';

const Item = z.object({
  id: z.string(),
  price: z.number(),
  count: z.number().int(),
  note: z.string().nullable(),
  image: z.object({ src: z.string() }).nullable(),
  tags: z.array(z.string()),
  extra: z.string().optional(),
});

/** An app with one GET route answering `data` under `schema`, serialised as buildApp does. */
async function appAnswering(schema: z.ZodType, data: unknown, checked: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(makeSerializerCompiler({ checked }));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => data);
  await app.ready();
  return app;
}

describe('fastSerializer (issue 14 item 1: response serialisation compiled once)', () => {
  it('writes what zod writes: only the schema keys, nulls, nested objects and arrays', () => {
    const write = fastSerializer(Item)!;
    const row = { id: 'a', price: 19.99, count: 3, note: null, image: { src: '/p.png', secret: 1 }, tags: ['x'], passwordHash: 'h' };
    expect(JSON.parse(write(row))).toEqual({ id: 'a', price: 19.99, count: 3, note: null, image: { src: '/p.png' }, tags: ['x'] });
    expect(JSON.parse(write({ ...row, image: null, note: 'n', extra: 'e' }))).toMatchObject({ image: null, note: 'n', extra: 'e' });
  });

  it('gives up (null) on a schema JSON Schema cannot express, which then keeps zod', () => {
    expect(fastSerializer(z.object({ at: z.string().transform((s) => s.length) }))).toBeNull();
  });
});

describe('makeSerializerCompiler', () => {
  it('in production writes with fast-json-stringify alone (no zod check): a row never leaks its extra columns', async () => {
    const app = await appAnswering(Item, { id: 'a', price: 1, count: 1, note: null, image: null, tags: [], passwordHash: 'h' }, false);
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a', price: 1, count: 1, note: null, image: null, tags: [] });
  });

  it('outside production still refuses an answer that breaks its contract (500)', async () => {
    const app = await appAnswering(Item, { id: 'a', price: 'cheap', count: 1, note: null, image: null, tags: [] }, true);
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('FST_ERR_RESPONSE_SERIALIZATION');
  });

  it('outside production answers 500 when the fast writer and zod disagree (a union of non-strict objects)', async () => {
    // zod keeps the FIRST branch that parses and strips `b`; fast-json-stringify's branch check (Ajv, extra keys
    // refused) picks the second and keeps it.
    const schema = z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.number() })]);
    const app = await appAnswering(schema, { a: 'x', b: 1 }, true);
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('fast-json-stringify wrote {"a":"x","b":1} but zod wrote {"a":"x"}');
  });
});
