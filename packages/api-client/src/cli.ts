import { writeFileSync } from 'node:fs';
import { generateApiTypes } from './index.js';

/**
 * `npm run api:types -- <document URL> <out.d.ts>`: writes the TypeScript types of the API served at the URL, e.g.
 * `npm run api:types -- http://localhost:3000/api/docs/json backroom-api.d.ts` (see README "API clients").
 */
const [source, out] = process.argv.slice(2);
if (!source || !out) {
  console.error('usage: npm run api:types -- <document URL, e.g. http://localhost:3000/api/docs/json> <out.d.ts>');
  process.exit(2);
}
const res = await fetch(source);
if (!res.ok) throw new Error(`${source}: ${res.status}`);
writeFileSync(out, await generateApiTypes((await res.json()) as object));
console.log(`wrote ${out}`);
