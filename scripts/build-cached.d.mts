// Types of scripts/build-cached.mjs for the TypeScript callers (bench/start/run.ts, scripts/build-cached.test.ts).

/** One app the script builds: its workspace folder, the files a complete build leaves, extra input folders. */
export interface AppDef {
  dir: string;
  outputs: string[];
  extra?: string[];
}
export const ROOT: string;
export const APPS: Record<'admin' | 'storefront', AppDef>;
export const STAMP: string;
export function appInputs(root: string, app: string): string[];
export function inputHash(root: string, app: string, env?: Record<string, string | undefined>): string;
export function staleReason(root: string, app: string, hash: string): 'no build' | 'no stamp' | 'sources changed' | null;
export interface BuildResult {
  app: string;
  built: boolean;
  reason: string | null;
  ms: number;
}
export function buildCached(
  root?: string,
  opts?: {
    apps?: string[];
    force?: boolean;
    env?: Record<string, string | undefined>;
    build?: (root: string, app: string) => void;
    log?: (message: string) => void;
    beforeFirstBuild?: () => void;
  },
): BuildResult[];
