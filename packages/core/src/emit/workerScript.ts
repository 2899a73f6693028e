import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Environment variable that turns the write path's worker threads off (`0`): their work is then done on the main thread. */
export const WRITE_WORKERS_ENV = 'RESLAYER_STAGING_WORKER';

const scripts = new Map<string, URL | null>();

/**
 * A compiled worker script beside this module (`dist/emit/<name>`, or `lib/<name>` in the bundle), or null
 * when running from sources (unit tests) or when `RESLAYER_STAGING_WORKER=0` turns the worker threads off:
 * then the caller does the work on the main thread.
 * @param name the script's file name, e.g. `stagingWorker.js`
 */
export function workerScript(name: string): URL | null {
  if (process.env[WRITE_WORKERS_ENV] === '0') return null;
  let url = scripts.get(name);
  if (url === undefined) {
    const beside = new URL(`./${name}`, import.meta.url);
    url = existsSync(fileURLToPath(beside)) ? beside : null;
    scripts.set(name, url);
  }
  return url;
}
