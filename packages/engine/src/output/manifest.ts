import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Name of the manifest in the output root: the contract's title and version, and the list of files the last run
 * wrote. It is the engine's record of what it owns there: a file it lists that a run no longer generates is
 * removed, whatever its text. It is the one generated file that names the contract (the files' banners do not), so
 * a contract whose `info.version` alone changed rewrites only the manifest. Its text is deterministic (no time, no
 * absolute path), so it is committed with the output.
 */
export const MANIFEST_NAME = '.reslayer-manifest.json';

/** A manifest as read from disk. */
export interface Manifest {
  /** Root-relative paths of the files the last run wrote (entries that would leave the root are dropped). */
  files: string[];
  /** The file's text; undefined when there is none. */
  text?: string | undefined;
  /** The contract it names; undefined when it names none (a manifest of an earlier reslayer) or is malformed. */
  contract?: ManifestContract | undefined;
}

/** The contract a manifest names: `info.title` and `info.version`. */
export interface ManifestContract {
  title: string;
  version: string;
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
    const raw = JSON.parse(text) as { files?: unknown; contract?: { title?: unknown; version?: unknown } };
    const files = Array.isArray(raw.files) ? raw.files.filter((f): f is string => typeof f === 'string' && insideRoot(f)) : [];
    const { title, version } = raw.contract ?? {};
    return { files, text, ...(typeof title === 'string' && typeof version === 'string' ? { contract: { title, version } } : {}) };
  } catch {
    return { files: [], text };
  }
}

/** True for a plain relative POSIX path that stays inside the root. */
function insideRoot(rel: string): boolean {
  return rel !== '' && !rel.startsWith('/') && !rel.includes('\\') && !rel.split('/').some((s) => s === '..' || s === '.' || s === '');
}

/**
 * The manifest's text. Control characters, line terminators and bidirectional controls (Trojan Source) of the
 * title and version become spaces, and each is clipped to 200 characters, so the file reads as it is in a review.
 * @param files root-relative paths, sorted
 * @param contract the contract's `info.title` and `info.version`
 */
export function serializeManifest(files: readonly string[], contract: ManifestContract): string {
  return `${JSON.stringify({ generator: 'reslayer', contract: manifestContract(contract), files }, null, 2)}\n`;
}

/**
 * The contract as the manifest names it (see {@link serializeManifest}).
 * @param contract the contract's `info.title` and `info.version`
 */
export function manifestContract(contract: ManifestContract): ManifestContract {
  const clean = (s: string) => s.replace(/[\u0000-\u001f\u007f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, ' ').slice(0, 200);
  return { title: clean(contract.title), version: clean(contract.version) };
}
