import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEMO_ASSETS_DIR } from '../lib/paths.js';
import { buildCatalog, DEMO_SHOPS, PALETTE } from './catalog.js';
import { renderProductSvg } from './images.js';

/** Every demo picture: its path under demo/assets and its SVG text (two views per product of both shops). */
export function demoAssetFiles(): { path: string; svg: string }[] {
  const out: { path: string; svg: string }[] = [];
  for (const shop of DEMO_SHOPS) {
    for (const p of buildCatalog(shop).products) {
      p.images.forEach((path, i) => {
        out.push({
          path,
          svg: renderProductSvg({ kind: p.kind, color: PALETTE[p.color]!, pattern: p.pattern, title: p.title, view: i === 0 ? 1 : 2 }),
        });
      });
    }
  }
  return out;
}

/**
 * `node --import tsx apps/server/src/demo/build-assets.ts`: (re)writes demo/assets/products/** from the catalog
 * definition. Run it after changing catalog.ts or images.ts and commit the result (a test checks they match).
 */
function main() {
  const root = join(DEMO_ASSETS_DIR, 'products');
  rmSync(root, { recursive: true, force: true });
  const files = demoAssetFiles();
  for (const f of files) {
    const target = join(DEMO_ASSETS_DIR, f.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, f.svg);
  }
  console.log(`wrote ${files.length} pictures under ${root} (${readdirSync(root).join(', ')})`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();
