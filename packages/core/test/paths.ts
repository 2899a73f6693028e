import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of packages/core/test. */
export const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
/** Absolute path of the repository root. */
export const REPO_ROOT = path.resolve(TEST_DIR, '../../..');
/** Absolute path of the test fixtures folder. */
export const FIXTURES = path.join(TEST_DIR, 'fixtures');
/** The demo contract. */
export const DEMO_CONTRACT = path.join(REPO_ROOT, 'examples/public-crm/openapi.yaml');
