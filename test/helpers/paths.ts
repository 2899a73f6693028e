// Locations shared by the fixture, hostile and broken-input tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (two levels above this file). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built CLI entry (`pnpm build` first). */
export const CLI = path.join(ROOT, 'packages/cli/dist/index.js');
/** The contract fixtures. */
export const FIXTURES = path.join(ROOT, 'fixtures/openapi');
/**
 * Output base of the fixture runs. It lies inside the repository (gitignored) so that the generated
 * imports `@reslayer/runtime` and `msw` resolve from the root `node_modules`.
 */
export const OUT_BASE = path.join(ROOT, '.fixtures-out');
/** TypeScript 5.9 compiler. */
export const TSC_59 = path.join(ROOT, 'node_modules/typescript/bin/tsc');
/** TypeScript 7 compiler (installed for the demo). */
export const TSC_7 = path.join(ROOT, 'examples/public-crm/node_modules/typescript-7/bin/tsc');

/**
 * Absolute path of a fixture.
 * @param relative path under `fixtures/openapi`, e.g. `3.0/composition.yaml`
 */
export function fixture(relative: string): string {
  return path.join(FIXTURES, relative);
}
