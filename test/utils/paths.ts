// Locations the shared test utilities and their consumers need.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (two levels above this file). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built CLI entry (`pnpm build` first). */
export const CLI = path.join(ROOT, 'packages/cli/dist/index.js');
/** The public CRM demo. */
export const DEMO_DIR = path.join(ROOT, 'examples/public-crm');
/** The demo contract. */
export const DEMO_CONTRACT = path.join(DEMO_DIR, 'openapi.yaml');
/** The committed demo output. */
export const DEMO_GENERATED = path.join(DEMO_DIR, 'generated');
