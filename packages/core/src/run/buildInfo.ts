import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_INFO_URL } from '../packageFiles.js';

/** Identity of the generator build, or why there is none (then the no-change cache is off). */
export type BuildIdentity = { ok: true; hash: string } | { ok: false; reason: string };

/** The file `scripts/build-info.mjs` writes during `pnpm build`: `packages/core/dist/buildInfo.json` and its copy in lib/. */
interface BuildInfoFile {
  format: 1;
  /** sha256 over every workspace package's `src/**\/*.ts` and `package.json`, the lockfile and the bundling script. */
  hash: string;
  /** The packages' `dist/.tsbuildinfo` files, relative to this file's folder. */
  builds: string[];
}

let memo: Promise<BuildIdentity> | undefined;

/**
 * Reads the build identity from `buildInfo.json` beside core's compiled files (once per process).
 *
 * - Missing or unreadable (core run from its sources, or built with a bare `tsc -b`): no identity, so the
 *   cache is off rather than trusting a version number that does not change while the code does.
 * - Older than one of the packages' `.tsbuildinfo` (a `tsc -b` or `tsc -w` ran after `pnpm build`, so
 *   the compiled code may no longer match the hash): no identity either.
 * @returns the hash, or the reason there is none
 */
export function readBuildIdentity(): Promise<BuildIdentity> {
  memo ??= load(fileURLToPath(BUILD_INFO_URL));
  return memo;
}

async function load(file: string): Promise<BuildIdentity> {
  let info: BuildInfoFile;
  let writtenAt: number;
  try {
    const [text, stats] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    info = JSON.parse(text) as BuildInfoFile;
    writtenAt = stats.mtimeMs;
  } catch {
    return { ok: false, reason: `no build info (${file}); build with \`pnpm build\`` };
  }
  if (info.format !== 1 || typeof info.hash !== 'string' || !/^[0-9a-f]{64}$/.test(info.hash) || !Array.isArray(info.builds)) {
    return { ok: false, reason: `invalid build info (${file})` };
  }
  const newer = await Promise.all(
    info.builds.map(async (rel) => {
      const build = path.resolve(path.dirname(file), String(rel));
      const s = await stat(build).catch(() => undefined);
      return s !== undefined && s.mtimeMs > writtenAt ? build : undefined;
    }),
  );
  const stale = newer.find((b) => b !== undefined);
  if (stale !== undefined) return { ok: false, reason: `the build info is older than ${stale} (compiled without \`pnpm build\`)` };
  return { ok: true, hash: info.hash };
}
