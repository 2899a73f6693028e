import { type Dirent, readdirSync } from 'node:fs';
import path from 'node:path';

/** The kind of a non-folder entry of the output root. */
export type EntryKind = 'file' | 'link' | 'special';

/** One listing of the output root (symbolic links listed, never followed; nothing opened). */
export interface RootScan {
  /** Root-relative POSIX paths of everything that is not a folder, with its kind: a regular file, a symbolic link, or something else (FIFO, socket, device). */
  entries: Map<string, EntryKind>;
  /** Root-relative POSIX paths of the real folders. */
  dirs: Set<string>;
}

/**
 * Lists a folder recursively, one `readdir` per folder, without following symbolic links and without
 * opening anything. A folder that vanishes or cannot be read while it is listed is left out; a missing root
 * gives an empty listing.
 * @param root absolute path of the folder
 */
export function scanRoot(root: string): RootScan {
  const scan: RootScan = { entries: new Map(), dirs: new Set() };
  const pending = [''];
  for (let rel = pending.pop(); rel !== undefined; rel = pending.pop()) {
    let list: Dirent[];
    try {
      list = readdirSync(rel === '' ? root : path.join(root, rel), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of list) {
      const child = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        scan.dirs.add(child);
        pending.push(child);
      } else scan.entries.set(child, e.isFile() ? 'file' : e.isSymbolicLink() ? 'link' : 'special');
    }
  }
  return scan;
}

/** The folder of a root-relative POSIX path (`''` at the root). */
export function parentOf(rel: string): string {
  const slash = rel.lastIndexOf('/');
  return slash < 0 ? '' : rel.slice(0, slash);
}

/** Every ancestor folder of a root-relative path (not the root itself), added to `into`. */
export function addAncestors(rel: string, into: Set<string>): void {
  for (let dir = parentOf(rel); dir !== '' && !into.has(dir); dir = parentOf(dir)) into.add(dir);
}
