// `reslayer init --packs <dir>`: the install route that works before the packages are published. The tarballs
// `pnpm pack:all` wrote are copied into the project (VENDOR_DIR) and named in its package.json by relative `file:`
// specifiers, so the project installs again wherever it is cloned.
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GeneratorError } from '@reslayer/core';
import { INSTALL_PACKAGES, VENDOR_DIR } from '../installHint.js';

/** What {@link vendorPacks} did. */
export interface Vendored {
  /** The copied tarballs, relative to the project (`vendor/reslayer/reslayer-cli-0.1.0.tgz`), sorted. */
  tarballs: string[];
  /** Whether `package.json` was created (there was none). */
  createdPackageJson: boolean;
}

/** A tarball `pnpm pack` names `reslayer-<name>-<version>.tgz`: its package name, or undefined for another file. */
export function packageOfTarball(file: string): string | undefined {
  const m = /^reslayer-(.+?)-(\d+\.\d+\.\d+(?:[-+][\w.-]+)?)\.tgz$/.exec(file);
  return m ? `@reslayer/${m[1]}` : undefined;
}

/**
 * The `@reslayer/*` tarballs in a folder, by package name.
 * @throws GeneratorError `RSL_INPUT_NOT_FOUND` when the folder is missing or lacks a package the project installs
 */
async function readPacks(packsDir: string): Promise<Map<string, string>> {
  const hint = 'Run `pnpm pack:all` in a clone of reslayer and pass its .packs folder: `--packs <clone>/.packs`.';
  const files = await readdir(packsDir).catch((error: Error) => {
    throw new GeneratorError('RSL_INPUT_NOT_FOUND', `--packs ${packsDir}: ${error.message}`, { hint, cause: error });
  });
  const packs = new Map<string, string>();
  for (const file of files.sort()) {
    const name = packageOfTarball(file);
    if (name !== undefined) packs.set(name, file);
  }
  const needed = [...INSTALL_PACKAGES.dependencies, ...INSTALL_PACKAGES.devDependencies].filter((n) => n.startsWith('@reslayer/'));
  const missing = needed.filter((n) => !packs.has(n));
  if (missing.length > 0) throw new GeneratorError('RSL_INPUT_NOT_FOUND', `--packs ${packsDir}: no tarball of ${missing.join(', ')}`, { hint });
  return packs;
}

/**
 * Copies the tarballs of `packsDir` into `<projectDir>/vendor/reslayer/` (replacing the earlier tarballs of the same
 * packages there) and writes into `<projectDir>/package.json`: `@reslayer/runtime` as a dependency and the other
 * packages of {@link INSTALL_PACKAGES} as dev dependencies, each `file:vendor/reslayer/<tarball>`, and
 * `pnpm.overrides` naming every copied tarball the same way (pnpm would fetch a tarball's own `@reslayer/*`
 * dependencies from the registry otherwise; npm ignores the key). Other fields are kept; a missing `package.json`
 * is created as a private ES module package.
 * @param packsDir the folder `pnpm pack:all` wrote (`<clone>/.packs`)
 * @param projectDir the project's folder
 * @throws GeneratorError `RSL_INPUT_NOT_FOUND` (no such folder, a tarball missing), `RSL_CONFIG_INVALID` (a
 *   `package.json` that is not a JSON object), `RSL_WRITE_FAILED`
 */
export async function vendorPacks(packsDir: string, projectDir: string): Promise<Vendored> {
  const packs = await readPacks(packsDir);
  const manifestFile = path.join(projectDir, 'package.json');
  const text = await readFile(manifestFile, 'utf8').catch(() => undefined);
  const manifest = text === undefined ? { name: path.basename(projectDir).toLowerCase(), private: true, type: 'module' } : parseManifest(text, manifestFile);
  const vendor = path.join(projectDir, VENDOR_DIR);
  const spec = (file: string) => `file:${VENDOR_DIR}/${file}`;
  try {
    await mkdir(vendor, { recursive: true });
    for (const old of await readdir(vendor)) {
      const name = packageOfTarball(old);
      if (name !== undefined && packs.has(name) && packs.get(name) !== old) await rm(path.join(vendor, old));
    }
    for (const file of packs.values()) await copyFile(path.join(packsDir, file), path.join(vendor, file));
    const section = (key: string, names: readonly string[]) => {
      const current = (manifest[key] ?? {}) as Record<string, string>;
      for (const n of names) if (packs.has(n)) current[n] = spec(packs.get(n) as string);
      manifest[key] = current;
    };
    section('dependencies', INSTALL_PACKAGES.dependencies);
    section('devDependencies', INSTALL_PACKAGES.devDependencies);
    const pnpm = (manifest['pnpm'] ?? {}) as Record<string, unknown>;
    pnpm['overrides'] = { ...(pnpm['overrides'] as Record<string, string> | undefined), ...Object.fromEntries([...packs].map(([n, f]) => [n, spec(f)])) };
    manifest['pnpm'] = pnpm;
    await writeFile(manifestFile, JSON.stringify(manifest, null, 2) + '\n', 'utf8');
  } catch (error) {
    throw new GeneratorError('RSL_WRITE_FAILED', `cannot vendor the tarballs into ${vendor}: ${(error as Error).message}`, { cause: error });
  }
  return { tarballs: [...packs.values()].map((f) => `${VENDOR_DIR}/${f}`), createdPackageJson: text === undefined };
}

/** A `package.json`'s text as an object. */
function parseManifest(text: string, file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new GeneratorError('RSL_CONFIG_INVALID', `${file}: not JSON: ${(error as Error).message}`, { hint: 'Fix package.json, then run `reslayer init --packs` again.', cause: error });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new GeneratorError('RSL_CONFIG_INVALID', `${file}: not a JSON object`, { hint: 'Fix package.json, then run `reslayer init --packs` again.' });
  }
  return value as Record<string, unknown>;
}
