import type { UserConfig } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Issue 14 item 5 "public source maps": the admin and storefront builds ship source maps only when SOURCEMAP asks. */
const configs = {
  admin: () => import('../../admin/vite.config.js'),
  storefront: () => import('../vite.config.js'),
};

const sourcemapOf = async (which: keyof typeof configs) => ((await configs[which]()).default as UserConfig).build?.sourcemap;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('source maps of the admin and storefront builds', () => {
  for (const which of ['admin', 'storefront'] as const) {
    it(`${which}: none by default, on with SOURCEMAP=true, hidden with SOURCEMAP=hidden`, async () => {
      vi.stubEnv('SOURCEMAP', '');
      expect(await sourcemapOf(which)).toBe(false);
      vi.resetModules();
      vi.stubEnv('SOURCEMAP', 'true');
      expect(await sourcemapOf(which)).toBe(true);
      vi.resetModules();
      vi.stubEnv('SOURCEMAP', 'hidden');
      expect(await sourcemapOf(which)).toBe('hidden');
    });
  }
});
