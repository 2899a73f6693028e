import { hash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GeneratorError } from '../diagnostics/GeneratorError.js';

/**
 * The largest contract file a run reads unless the config sets `maxInputSize`: 64 MiB. The largest contract of
 * the APIs.guru directory (Microsoft Graph beta, 47 MB of JSON) fits.
 */
export const DEFAULT_MAX_INPUT_SIZE = 64 * 1024 * 1024;

/** What a path that is not a regular file is, in words (`a folder`, `a FIFO`, …). */
export function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** Thrown by {@link readRegularFile} for a path that is no regular file. */
export class NotRegularFileError extends Error {
  constructor(file: string, stats: Stats) {
    super(`${file} is ${fileKind(stats)}, not a regular file`);
    this.name = 'NotRegularFileError';
  }
}

/**
 * Reads a regular file, and nothing else: the path is stat'ed first (a FIFO, socket, device or folder is refused
 * before it is opened), then opened without blocking and stat'ed again through the descriptor (it must still be
 * that regular file), and read only when it holds at most `maxBytes` bytes.
 * @param file absolute path (links are followed)
 * @param maxBytes the size limit in bytes
 * @param what how messages name the file (`the contract`, `a $ref`)
 * @returns the bytes, and the stat taken before they were read
 * @throws NotRegularFileError for anything but a regular file; GeneratorError `RSL_INPUT_TOO_LARGE` over the limit;
 *   the file system's error (ENOENT, EACCES, …) otherwise
 */
export function readRegularFile(file: string, maxBytes: number, what = 'the contract'): { bytes: Buffer; stats: Stats } {
  const before = statSync(file);
  if (!before.isFile()) throw new NotRegularFileError(file, before);
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.ino !== before.ino || stats.dev !== before.dev) throw new NotRegularFileError(file, stats);
    if (stats.size > maxBytes) {
      throw new GeneratorError('RSL_INPUT_TOO_LARGE', `${file}: ${what} is ${stats.size} bytes, over the limit of ${maxBytes} bytes`, {
        file,
        hint: 'Raise `maxInputSize` (bytes) in generator.config.ts if the file is meant to be this large.',
      });
    }
    const bytes = readFileSync(fd);
    if (bytes.length > maxBytes) throw new GeneratorError('RSL_INPUT_TOO_LARGE', `${file}: ${what} grew over the limit of ${maxBytes} bytes while it was read`, { file });
    return { bytes, stats };
  } finally {
    closeSync(fd);
  }
}

/** The sha256 of a file's bytes as read, in lowercase hex: how the no-change cache knows the bytes a run read. */
export function sha256Of(bytes: Buffer): string {
  return hash('sha256', bytes, 'hex');
}

/** True when `inner` is `outer` or lies below it (both absolute and normalized). */
export function isWithin(outer: string, inner: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The real path of a path that may not exist yet: the real path of its nearest existing ancestor, with the rest
 * appended as written.
 * @param target absolute path
 */
export function realPathOf(target: string): string {
  const rest: string[] = [];
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    try {
      return path.join(realpathSync.native(dir), ...rest.reverse());
    } catch {
      if (path.dirname(dir) === dir) return path.resolve(target);
      rest.push(path.basename(dir));
    }
  }
}

/** The file extensions a local `$ref` may name: contract documents, nothing else. */
export const REF_EXTENSIONS: readonly string[] = ['.json', '.yaml', '.yml'];

/**
 * Checks that a file a `$ref` names lies under one of the roots, both as written and once its links are resolved,
 * and that it is a contract document: its name ends in `.json`, `.yaml` or `.yml`, no segment of its path below
 * the root starts with a dot (`.env`, `.npmrc`, `.ssh/`, `.git/`), and it does not lie right in the home folder
 * (unless the home folder itself is one of the config's `refRoots`).
 * @param file absolute path of the referenced file
 * @param roots absolute folders the contract may read from (the entry file's folder first, then the config's `refRoots`)
 * @param from absolute path of the file whose `$ref` names it, for the message
 * @param homeDir the home folder (default `os.homedir()`)
 * @returns the file's real path, which is what is read
 * @throws GeneratorError `RSL_REF_OUTSIDE_ROOT` naming the file and the rule (never its content)
 */
export function confineRef(file: string, roots: readonly string[], from: string, homeDir = os.homedir()): string {
  const real = realPathOf(file);
  const refuse = (why: string, hint: string): never => {
    throw new GeneratorError('RSL_REF_OUTSIDE_ROOT', `${from}: a $ref names ${file}${real !== file ? ` (through a link, it is ${real})` : ''}, ${why}`, { file: from, hint });
  };
  const root = roots.find((r) => isWithin(r, file));
  const realRoot = roots.map(realPathOf).find((r) => isWithin(r, real));
  if (root === undefined || realRoot === undefined) {
    refuse(
      `which is outside the contract's folders (${roots.join(', ')})`,
      "A $ref may only name files under the contract's folder; add the folder to `refRoots` in generator.config.ts if the contract really spans it.",
    );
  }
  const documentHint = 'A $ref may only name a contract document (a .json, .yaml or .yml file) in a folder whose name does not start with a dot.';
  if (!REF_EXTENSIONS.includes(path.extname(real).toLowerCase()) || !REF_EXTENSIONS.includes(path.extname(file).toLowerCase())) {
    refuse(`which is not a contract document (only ${REF_EXTENSIONS.join(', ')} files may be referenced)`, documentHint);
  }
  const dotted = [path.relative(root as string, file), path.relative(realRoot as string, real)].some((rel) => rel.split(path.sep).some((s) => s.startsWith('.')));
  if (dotted) refuse('whose path holds a hidden name (a segment starting with a dot)', documentHint);
  const home = realPathOf(homeDir);
  const homeIsRoot = roots.slice(1).some((r) => realPathOf(r) === home);
  if (!homeIsRoot && (path.dirname(real) === home || path.dirname(file) === path.resolve(homeDir))) {
    refuse(
      'which lies right in the home folder',
      'Keep the contract and the files it references in a folder of their own; add the home folder to `refRoots` only if the contract really spans it.',
    );
  }
  return real;
}
