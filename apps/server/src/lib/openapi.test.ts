import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateApiTypes } from '@backroom/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.js';
import { registeredRoutes } from './guard.js';

/**
 * The OpenAPI document (issue 14 item 3): Redocly CLI's recommended rules find no error in it, every operation has
 * what a client generator needs, and a client generated from it with openapi-typescript type-checks with the repo's
 * `tsc` against real calls.
 */

const ROOT = join(import.meta.dirname, '../../../..');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Doc {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
}

let t: TestContext;
let doc: Doc;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ adminOrigin: 'https://admin.backroom.dev' });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Doc;
  // Inside the repository, so the generated client resolves `openapi-fetch` from node_modules.
  mkdirSync(join(ROOT, 'packages/api-client/.check'), { recursive: true });
  dir = mkdtempSync(join(ROOT, 'packages/api-client/.check/run-'));
}, 180_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ path, method: m.toUpperCase(), op: item[m]! })),
  );

describe('OpenAPI document', () => {
  it("passes Redocly CLI's recommended ruleset with 0 errors", () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const cli = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    const r = spawnSync(process.execPath, [cli, 'lint', file, '--extends', 'recommended', '--format', 'json', '--max-problems', '1000'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    // Warnings left on purpose: no license URL (the code is not published) and the test origin.
    const warnings = report.problems.filter((p) => p.severity !== 'error' && !['info-license-strict'].includes(p.ruleId));
    expect(warnings.map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('documents every /api route registered on the app', () => {
    const documented = new Set(operations().map((o) => `${o.method} ${o.path}`));
    const api = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.url.endsWith('/'));
    const missing = api
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`)
      // custom.js is the merchant's script for the shop page, not an API answer.
      .filter((k) => !documented.has(k) && !k.startsWith('GET /api/health') && k !== 'GET /api/storefront/custom.js');
    expect(missing).toEqual([]);
  });

  it('gives every operation a stable camelCase operationId, a summary, tags, its security and its 4xx answers', () => {
    expect(doc.servers?.[0]?.url).toBe('https://admin.backroom.dev');
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      const where = `${method} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId!), `${where}: duplicate operationId ${op.operationId}`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary?.trim(), where).toBeTruthy();
      expect(op.tags?.length, where).toBeGreaterThan(0);
      expect(op.security, where).toBeDefined();
      const fourxx = Object.keys(op.responses).filter((s) => s.startsWith('4'));
      if (op.security!.length) {
        expect(op.security, where).toEqual([{ bearer: [] }]);
        expect(fourxx, where).toContain('401');
      }
      for (const s of fourxx)
        expect(op.responses[s]!.content?.['application/json']?.schema?.$ref, `${where} ${s}`).toMatch(/ErrorResponse$/);
    }
  });

  it('asks for X-Store-Id exactly on the routes whose guard is about one store', () => {
    for (const r of registeredRoutes(t.app)) {
      if (!r.guard || r.url.endsWith('/')) continue;
      const op = doc.paths[r.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[r.method.toLowerCase() as 'get'];
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      const header = op!.parameters?.find((p) => p.in === 'header' && p.name === 'x-store-id');
      expect(!!header?.required, `${r.method} ${r.url}`).toBe(r.guard.store !== false);
      if (r.guard.scope) expect(Object.keys(op!.responses), `${r.method} ${r.url}`).toContain('403');
    }
  });

  it('generates a TypeScript client with openapi-typescript that type-checks against real calls', async () => {
    writeFileSync(join(dir, 'api.d.ts'), await generateApiTypes(doc));
    // Calls as a client would write them; a wrong path, parameter or field would not compile.
    writeFileSync(
      join(dir, 'client.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './api';

const api = createClient<paths>({ baseUrl: 'https://admin.backroom.dev' });

export async function session(email: string, password: string, storeId: string) {
  const login = await api.POST('/api/auth/login', { body: { email, password } });
  if (!login.data) return login.error.messages.join('; ');
  const headers = { authorization: \`Bearer \${login.data.accessToken}\` };
  const me = await api.GET('/api/users/me', { params: { header: { 'x-store-id': storeId } }, headers });
  const email2: string | undefined = me.data?.email;
  const scopes: string[] | undefined = me.data?.scopes;
  const products = await api.GET('/api/products', { params: { header: { 'x-store-id': storeId }, query: { limit: 20 } }, headers });
  const titles: string[] = (products.data?.products ?? []).map((p) => p.title);
  return [email2, scopes, titles];
}
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2023',
          lib: ['ES2023', 'DOM'],
          module: 'ESNext',
          moduleResolution: 'bundler',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        include: ['api.d.ts', 'client.ts'],
      }),
    );
    const tsc = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
  });
});
