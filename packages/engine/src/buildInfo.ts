import { readFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The identity of this build, or why there is none (then the no-change cache is off). */
export type BuildIdentity = { ok: true; key: string } | { ok: false; reason: string };

/**
 * `buildInfo.json` beside this module: `scripts/build-info.mjs` writes it into dist/ and lib/ during `pnpm build`
 * (this module sits at the root of both, in dist/ as itself and in lib/ inside the bundle's entry).
 */
const BUILD_INFO_URL = new URL('./buildInfo.json', import.meta.url);

let memo: Promise<BuildIdentity> | undefined;

/**
 * The identity of this build of reslayer (read once per process): the sha256 `scripts/build-info.mjs` wrote over
 * every package's sources, manifests, the lockfile and the bundling. None when the file is missing (sources run
 * directly, or a bare `tsc -b`) or older than a package's `.tsbuildinfo` (recompiled without `pnpm build`): the
 * cache is then off rather than keyed on code that may have changed.
 */
export function buildIdentity(): Promise<BuildIdentity> {
  memo ??= load(fileURLToPath(BUILD_INFO_URL));
  return memo;
}

async function load(file: string): Promise<BuildIdentity> {
  let info: { format?: unknown; hash?: unknown; builds?: unknown };
  try {
    info = JSON.parse(await readFile(file, 'utf8')) as typeof info;
  } catch {
    return { ok: false, reason: `no build info (${file}); build with \`pnpm build\`` };
  }
  if (info.format !== 1 || typeof info.hash !== 'string' || !Array.isArray(info.builds)) return { ok: false, reason: `invalid build info (${file})` };
  const writtenAt = statSync(file).mtimeMs;
  const stale = (info.builds as string[]).map((rel) => path.resolve(path.dirname(file), rel)).find((b) => (statSync(b, { throwIfNoEntry: false })?.mtimeMs ?? 0) > writtenAt);
  if (stale !== undefined) return { ok: false, reason: `the build info is older than ${stale} (compiled without \`pnpm build\`)` };
  return { ok: true, key: info.hash };
}
