import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Name of the manifest in the output root: the list of files the last run wrote. It is the engine's record of
 * what it owns there: a file it lists that a run no longer generates is removed, whatever its text. Its text is
 * deterministic (no time, no absolute path), so it is committed with the output.
 */
export const MANIFEST_NAME = '.reslayer-manifest.json';

/** A manifest as read from disk. */
export interface Manifest {
  /** Root-relative paths of the files the last run wrote (entries that would leave the root are dropped). */
  files: string[];
  /** The file's text; undefined when there is none. */
  text?: string | undefined;
}

/**
 * Reads the manifest of an output root. A missing or malformed one lists no files; an entry that would leave the
 * root (a hand-edited manifest) is dropped, never followed.
 * @param root absolute path of the output root (or its real folder)
 */
export function readManifest(root: string): Manifest {
  let text: string;
  try {
    text = readFileSync(path.join(root, MANIFEST_NAME), 'utf8');
  } catch {
    return { files: [] };
  }
  try {
    const raw = JSON.parse(text) as { files?: unknown };
    const files = Array.isArray(raw.files) ? raw.files.filter((f): f is string => typeof f === 'string' && insideRoot(f)) : [];
    return { files, text };
  } catch {
    return { files: [], text };
  }
}

/** True for a plain relative POSIX path that stays inside the root. */
function insideRoot(rel: string): boolean {
  return rel !== '' && !rel.startsWith('/') && !rel.includes('\\') && !rel.split('/').some((s) => s === '..' || s === '.' || s === '');
}

/**
 * The manifest's text.
 * @param files root-relative paths, sorted
 */
export function serializeManifest(files: readonly string[]): string {
  return `${JSON.stringify({ generator: 'reslayer', files }, null, 2)}\n`;
}
