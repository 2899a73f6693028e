import { readFileSync } from 'node:fs';

/** The CLI's version, read from its package.json (works from `src/` under ts-jest and from `dist/`). */
export const CLI_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
