import { join } from 'node:path';

/**
 * Folder of the committed demo pictures, served at `/demo-assets/…` on every host. The files are written by
 * `demo/build-assets.ts`; the folder's path lives here so the server can serve it without importing `demo/`
 * (issue 15: nothing imports demo/ but the seed CLI and tests).
 */
export const DEMO_ASSETS_DIR = join(import.meta.dirname, '../demo/assets');
