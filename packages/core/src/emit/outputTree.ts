import { closeSync, lstatSync, openSync, readSync, readdirSync, realpathSync } from 'node:fs';
import { type FolderStamp, folderStampOf } from './cacheRecord.js';
import path from 'node:path';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { GENERATED_MARKER } from './banner.js';

/** Where generated files go. */
export interface OutputLocation {
  /** Absolute output root. */
  outputRoot: string;
  /** Folder under the root that file paths are relative to. */
  srcDir: string;
}

/** Suffix of the temporary file a write stages beside its target. */
export const TEMP_SUFFIX = '.reslayer-tmp';
/**
 * Folder in the output root that keeps what the previous root held after a swap (its own `.gitignore`
 * ignores it all), so the next write builds its staging folder from it instead of from nothing (see
 * `openStaging`). It is reslayer's own: never listed as part of the output ({@link scanOutput} skips it).
 */
export const SPARE_DIR = '.reslayer-spare';

/** A relative path made of non-empty segments without `/`, `\\` or NUL. */
const PLAIN_RELATIVE = /^[^/\\\0]+(?:\/[^/\\\0]+)*$/;
/** A `.` or `..` segment. */
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;
/** The last absolute output root resolved, and its resolution (a run asks for the same root thousands of times). */
let lastRoot: { input: string; resolved: string } | undefined;

/** `path.resolve(outputRoot)`, remembered for an absolute root (a relative one depends on the working directory). */
function resolvedRoot(outputRoot: string): string {
  if (!path.isAbsolute(outputRoot)) return path.resolve(outputRoot);
  if (lastRoot?.input !== outputRoot) lastRoot = { input: outputRoot, resolved: path.resolve(outputRoot) };
  return lastRoot.resolved;
}

/**
 * The absolute path of a root-relative path, refusing anything that leaves the output root.
 * @throws GeneratorError `RSL_PATH_OUTSIDE_ROOT`
 */
export function resolveInside(location: OutputLocation, relative: string): string {
  const root = resolvedRoot(location.outputRoot);
  // The common case, a plain relative POSIX path (no `.` or `..` segment, no empty one, no backslash),
  // stays inside the root by construction: joined without a second resolve (a run resolves thousands).
  if (path.sep === '/' && PLAIN_RELATIVE.test(relative) && !DOT_SEGMENT.test(relative)) return root.endsWith('/') ? `${root}${relative}` : `${root}/${relative}`;
  const target = path.resolve(root, relative);
  if (target !== root && !target.startsWith(root + path.sep)) {
    throw new GeneratorError('RSL_PATH_OUTSIDE_ROOT', `refusing to touch ${target}: it is outside the output root ${root}`);
  }
  return target;
}

/** A path relative to the output root, with POSIX separators. */
export function relativeToRoot(location: OutputLocation, abs: string): string {
  return path.relative(path.resolve(location.outputRoot), abs).split(path.sep).join('/');
}

/**
 * True for a `.ts` file of the source folder: what a stale generated file would be (see `removedFiles` and the
 * no-change probe's `others`).
 * @param prefix the source folder's {@link srcPrefix}
 * @param rel root-relative POSIX path
 */
export function isSourceModule(prefix: string, rel: string): boolean {
  return rel.startsWith(prefix) && rel.endsWith('.ts');
}

/** Root-relative POSIX prefix of the source folder (`''` for `.` or empty), ending with `/` otherwise. */
export function srcPrefix(location: OutputLocation): string {
  const rel = relativeToRoot(location, resolveInside(location, location.srcDir || '.'));
  return rel === '' ? '' : `${rel}/`;
}

/**
 * The stamps a listing took of the folders it listed (see {@link scanOutput}'s `stamps`): each folder's
 * modification and change time and inode, taken right before it was read. While a folder still has its
 * stamp, and the stamp is older than `at` by more than the racy margin, no entry was added to it, removed
 * from it or renamed in it since it was listed (like git's untracked cache).
 */
export interface FolderStamps {
  /** `Date.now()` before the first stamp. */
  at: number;
  /** By root-relative folder (`''` for the root itself); only folders that could be read. */
  stamps: Map<string, FolderStamp>;
}

/** What one recursive listing of the output root found (symbolic links are listed, never followed). */
export interface OutputScan {
  /** Root-relative POSIX paths of everything that is not a folder: files, symbolic links, others. */
  files: Set<string>;
  /** Root-relative POSIX paths of the symbolic links among {@link files}. */
  links: Set<string>;
  /** Root-relative POSIX paths of the real folders. */
  dirs: Set<string>;
  /** Temporary files a killed run left behind (root-relative). */
  temps: string[];
  /** The folders' stamps, when the listing was asked to take them. */
  folders?: FolderStamps;
}

/**
 * Lists the output root once, recursively (one `readdir` per folder), without following symbolic links,
 * and without the spare folder ({@link SPARE_DIR}). A missing root gives an empty listing. Synchronous: metadata calls through the thread pool cost several
 * times more than the calls themselves, and a CLI run has nothing to overlap them with.
 * @param location output root and source folder
 * @param options `stamps`: also stamp each folder (one `lstat`, before it is read; see {@link FolderStamps}), so a
 *   swap can tell which folders of the previous root nothing was added to since (see `dropPrevious`)
 */
export async function scanOutput(location: OutputLocation, options: { stamps?: boolean } = {}): Promise<OutputScan> {
  const root = path.resolve(location.outputRoot);
  const scan: OutputScan = { files: new Set(), links: new Set(), dirs: new Set(), temps: [] };
  const folders: FolderStamps | undefined = options.stamps ? { at: Date.now(), stamps: new Map() } : undefined;
  if (folders) scan.folders = folders;
  // A walk of our own, folder by folder: `readdirSync(…, { recursive: true })` follows symbolic links to
  // folders in some Node versions (24), which could list files outside the root.
  const pending: string[] = [''];
  for (let rel = pending.pop(); rel !== undefined; rel = pending.pop()) {
    const abs = rel === '' ? root : path.join(root, rel);
    let entries;
    try {
      const stats = folders && lstatSync(abs, { throwIfNoEntry: false });
      entries = readdirSync(abs, { withFileTypes: true });
      if (stats?.isDirectory()) folders?.stamps.set(rel, folderStampOf(stats));
    } catch {
      continue;
    }
    for (const e of entries) {
      const child = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (child === SPARE_DIR) continue;
        scan.dirs.add(child);
        pending.push(child);
      } else {
        if (e.isFile() && e.name.endsWith(TEMP_SUFFIX)) scan.temps.push(child);
        else scan.files.add(child);
        if (e.isSymbolicLink()) scan.links.add(child);
      }
    }
  }
  return scan;
}

/**
 * True when the file starts with the generated-file marker; reads only the marker's length.
 * @param abs absolute path
 */
export function startsWithMarker(abs: string): boolean {
  const want = Buffer.from(GENERATED_MARKER, 'utf8');
  let fd: number;
  try {
    fd = openSync(abs, 'r');
  } catch {
    return false;
  }
  try {
    const buf = Buffer.alloc(want.length);
    return readSync(fd, buf, 0, want.length, 0) === want.length && buf.equals(want);
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks that a folder, with symbolic links resolved, is inside the output root (also resolved), so a
 * link inside the output cannot make a write land elsewhere.
 * @param realRoot the output root with links resolved
 * @param dir absolute folder (must exist)
 * @throws GeneratorError `RSL_PATH_OUTSIDE_ROOT`
 */
export function assertRealPathInside(realRoot: string, dir: string): void {
  const realDir = realpathSync.native(dir);
  if (realDir !== realRoot && !realDir.startsWith(realRoot + path.sep)) {
    throw new GeneratorError('RSL_PATH_OUTSIDE_ROOT', `refusing to write into ${dir}: through a symbolic link it resolves to ${realDir}, outside the output root ${realRoot}`);
  }
}

/**
 * Runs `fn` over `items` with at most `limit` calls in flight; on a failure no new call starts, and
 * every started call settles before the returned promise rejects (so the caller's cleanup sees all work).
 */
export async function inBatches<T>(items: Iterable<T>, fn: (item: T) => Promise<void>, limit = 32): Promise<void> {
  const list = [...items];
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < list.length) {
      const item = list[next++] as T;
      try {
        await fn(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, list.length) }, worker));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}
