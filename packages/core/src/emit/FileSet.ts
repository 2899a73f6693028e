import path from 'node:path';
import type { GeneratedFile } from './GeneratedFile.js';
import { createGeneratedFile } from './GeneratedFile.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { cmp } from '../diagnostics/Diagnostics.js';

/** A relative POSIX path whose segments start with a letter, digit, `_`, `-` or `@` and hold no other punctuation than dots. */
const PLAIN_PATH = /^[A-Za-z0-9_@-][A-Za-z0-9._@-]*(?:\/[A-Za-z0-9_@-][A-Za-z0-9._@-]*)*$/;

/**
 * Checks that a generated path is a relative POSIX path that stays inside the output root.
 * @param filePath the path a plugin wants to emit
 * @returns the normalized path
 * @throws GeneratorError `RSL_PATH_OUTSIDE_ROOT` for absolute paths, `..` segments, backslashes, control characters, or a folder (`.`, trailing `/`)
 */
export function assertSafeRelativePath(filePath: string): string {
  // The common case, checked at once: segments of letters, digits, `_`, `-`, `@` and inner dots (no `.` or `..`
  // segment, no empty one), which is already a normalized relative path.
  if (PLAIN_PATH.test(filePath)) return filePath;
  // eslint-disable-next-line no-control-regex
  const bad = filePath === '' || filePath === '.' || filePath.endsWith('/') || filePath.startsWith('/') || /^[A-Za-z]:/.test(filePath) || filePath.includes('\\') || /[\u0000-\u001f]/.test(filePath);
  const normalized = path.posix.normalize(filePath);
  if (bad || normalized.startsWith('../') || normalized === '..' || normalized.split('/').includes('..') || normalized !== filePath) {
    throw new GeneratorError('RSL_PATH_OUTSIDE_ROOT', `generated path ${JSON.stringify(filePath)} is not a plain relative path inside the output root`, {
      hint: 'Build file paths from sanitized names only.',
    });
  }
  return normalized;
}

/**
 * The set of generated files, keyed by path: where plugins emit (`ctx.files`), the same in every run (generate,
 * check, a dry run). Adding a taken path, a path that is another file's folder, or a path below another file is
 * an error naming the plugins.
 */
export class FileSet {
  readonly #files = new Map<string, GeneratedFile>();
  /** Every folder of an added path (the paths' parents and theirs). */
  readonly #folders = new Set<string>();

  /**
   * Adds a file.
   * @param file path (relative, POSIX), contents, plugin and kind
   * @returns the stored, frozen record
   * @throws GeneratorError `RSL_FILE_CONFLICT` when the path is taken, is a folder of another file or lies
   *   below another file; `RSL_PATH_OUTSIDE_ROOT` for unsafe paths
   */
  add(file: { path: string; contents: string; plugin: string; kind?: GeneratedFile['kind'] }): GeneratedFile {
    const safe = this.#free(file.path, file.plugin);
    const record = createGeneratedFile({ ...file, path: safe });
    this.#files.set(safe, record);
    return record;
  }

  /** The checked path, when no file holds it yet, no file holds one of its folders, and it is no other file's folder. */
  #free(filePath: string, plugin: string): string {
    const safe = assertSafeRelativePath(filePath);
    const hint = 'Give one of the plugins a different output path.';
    const owner = this.#ownerOf(safe);
    if (owner !== undefined) throw new GeneratorError('RSL_FILE_CONFLICT', `plugin "${plugin}" emits ${safe}, which plugin "${owner}" already emitted`, { hint });
    if (this.#folders.has(safe)) throw new GeneratorError('RSL_FILE_CONFLICT', `plugin "${plugin}" emits ${safe}, a folder of files already emitted`, { hint });
    for (let dir = path.posix.dirname(safe); dir !== '.' && !this.#folders.has(dir); dir = path.posix.dirname(dir)) {
      const holder = this.#ownerOf(dir);
      if (holder !== undefined) throw new GeneratorError('RSL_FILE_CONFLICT', `plugin "${plugin}" emits ${safe}, but ${dir} is a file plugin "${holder}" emitted`, { hint });
      this.#folders.add(dir);
    }
    return safe;
  }

  /** The plugin that added the file at this path, if any. */
  #ownerOf(filePath: string): string | undefined {
    return this.#files.get(filePath)?.plugin;
  }

  /** True when a file with this path was added. */
  has(filePath: string): boolean {
    return this.#files.has(filePath);
  }

  /** The file at this path, if any. */
  get(filePath: string): GeneratedFile | undefined {
    return this.#files.get(filePath);
  }

  /** Number of files. */
  get size(): number {
    return this.#files.size;
  }

  /** All files, sorted by path. */
  list(): GeneratedFile[] {
    return [...this.#files.values()].sort((a, b) => cmp(a.path, b.path));
  }
}
