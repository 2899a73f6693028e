import { createRequire } from 'node:module';

/** The CLI's version, read from its package.json (works from `src/` under ts-jest and from `dist/`). */
export const CLI_VERSION: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version;
