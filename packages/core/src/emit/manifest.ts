import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type OutputLocation, TEMP_SUFFIX, resolveInside } from './outputTree.js';

/** Name of the manifest file kept in the output root: the list of files the last run generated. */
export const MANIFEST_NAME = '.reslayer-manifest.json';

/** A manifest as read from disk. */
export interface Manifest {
  /** Root-relative paths of the files the last run generated (entries leaving the root are dropped). */
  files: string[];
  /** The file's text (undefined when there is none). */
  text?: string;
}

/**
 * Reads the manifest of an output root. A missing or unreadable manifest lists no files; entries that
 * would leave the output root (a hand-edited manifest) are dropped, never followed.
 * @param location output root and source folder
 */
export async function readManifest(location: OutputLocation): Promise<Manifest> {
  const text = await readManifestText(location);
  return text === undefined ? { files: [] } : parseManifest(location, text);
}

/**
 * The manifest file's text, unparsed.
 * @param location output root
 * @returns the text, or undefined when there is no readable manifest
 */
export async function readManifestText(location: OutputLocation): Promise<string | undefined> {
  try {
    return await readFile(resolveInside(location, MANIFEST_NAME), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * A manifest from its text (see {@link readManifest}): malformed text lists no files; entries that would
 * leave the output root are dropped.
 * @param location output root
 * @param text the manifest file's text
 */
export function parseManifest(location: OutputLocation, text: string): Manifest {
  try {
    const raw = JSON.parse(text) as { files?: unknown };
    const root = path.resolve(location.outputRoot);
    const files = Array.isArray(raw.files) ? raw.files.filter((f): f is string => typeof f === 'string' && path.resolve(root, f).startsWith(root + path.sep)) : [];
    return { files, text };
  } catch {
    return { files: [], text };
  }
}

/**
 * The manifest's text: deterministic (no time, no path outside the root), so it can be committed.
 * @param files root-relative paths, sorted
 */
export function serializeManifest(files: readonly string[]): string {
  return `${JSON.stringify({ generator: 'reslayer', files }, null, 2)}\n`;
}

/**
 * Writes the manifest atomically (temporary file, then rename) unless its text is already `previous`.
 * @param location output root
 * @param text the new text
 * @param previous the current text, if known
 * @returns true when it was written
 */
export async function writeManifest(location: OutputLocation, text: string, previous: string | undefined): Promise<boolean> {
  if (previous === text) return false;
  const manifestPath = resolveInside(location, MANIFEST_NAME);
  await mkdir(path.dirname(manifestPath), { recursive: true });
  await writeFile(`${manifestPath}${TEMP_SUFFIX}`, text, 'utf8');
  await rename(`${manifestPath}${TEMP_SUFFIX}`, manifestPath);
  return true;
}
