import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Folder of the committed demo pictures, served at `/demo-assets/…` on every host. The files are written by
 * `demo/build-assets.ts`; the folder's path lives here so the server can serve it without importing `demo/`
 * (issue 15: nothing imports demo/ but the seed CLI and tests).
 */
export const DEMO_ASSETS_DIR = join(import.meta.dirname, '../demo/assets');

/**
 * Whether a picture address is acceptable as stored: anything but a `/demo-assets/…` address, which must name a
 * committed demo picture that exists (issue 30 item 5: the contract accepts the shop's own demo pictures by shape,
 * contracts' `DEMO_ASSET_SRC`; this checks the file).
 */
export function pictureExists(src: string): boolean {
  if (!src.startsWith('/demo-assets/')) return true;
  const rel = src.slice('/demo-assets/'.length);
  return !rel.split('/').includes('..') && existsSync(join(DEMO_ASSETS_DIR, rel));
}
