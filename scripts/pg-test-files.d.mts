// Types of scripts/pg-test-files.mjs for the TypeScript tests that import it (apps/server/src/test/pg-list.test.ts).

/** One value import of a module: its specifier and the bindings it imports (`*` namespace or dynamic, `default`). */
export interface ValueImport {
  specifier: string;
  names: string[];
}
export function unitTestRoots(root?: string): string[];
export function unitTestFiles(root?: string): string[];
export function maskSource(source: string, o?: { strings?: boolean }): string;
export function valueImports(source: string): ValueImport[];
export function databaseImport(imp: ValueImport): string | null;
export function databaseReasons(files: string[]): (string | null)[];
export function pgTestFiles(root?: string): string[];
