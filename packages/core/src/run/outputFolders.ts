import { statSync } from 'node:fs';
import path from 'node:path';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import type { OutputLocation } from '../emit/outputTree.js';

/** `file` when the path exists and is not a folder (symbolic links followed), `folder`, or `none`. */
function kindOf(abs: string): 'file' | 'folder' | 'none' {
  try {
    return statSync(abs).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'none';
  }
}

const notDirectory = (message: string) =>
  new GeneratorError('RSL_OUTPUT_NOT_DIRECTORY', message, { hint: 'Choose another output root (--output or `output` in the config), or move the file out of the way.' });

/**
 * Checks, before anything is written, planned or compared, that no file stands where the output needs a
 * folder: the output root (or the nearest of its parents that exists), its source folder, and, given the
 * generated files, every folder they go into.
 * @param location output root and source folder
 * @param files root-relative POSIX paths of the generated files, if known
 * @param listed real folders of a listing of the root taken during the run (e.g. `OutputScan.dirs`): those
 *   are not looked at again
 * @throws GeneratorError `RSL_OUTPUT_NOT_DIRECTORY` naming the file in the way
 */
export function assertOutputFolders(location: OutputLocation, files: readonly string[] = [], listed?: ReadonlySet<string>): void {
  const root = path.resolve(location.outputRoot);
  const rootKind = kindOf(root);
  if (rootKind === 'file') throw notDirectory(`the output root ${root} is a file, not a folder`);
  if (rootKind === 'none') {
    for (let dir = path.dirname(root); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
      const kind = kindOf(dir);
      if (kind === 'folder') break;
      if (kind === 'file') throw notDirectory(`${dir} is a file, so the output root ${root} cannot be created inside it`);
    }
    return;
  }
  const folders = new Set<string>();
  // A folder and its parents, up to the first one already known (whose parents are known too).
  const add = (from: string) => {
    for (let dir = from; dir !== '' && dir !== '.' && !folders.has(dir); dir = parentOf(dir)) folders.add(dir);
  };
  add(path.posix.normalize((location.srcDir || '.').split(path.sep).join('/')));
  for (const file of files) add(parentOf(file));
  let inTheWay: string | undefined;
  for (const rel of folders) {
    if ((inTheWay === undefined || rel < inTheWay) && !listed?.has(rel) && kindOf(path.join(root, rel)) === 'file') inTheWay = rel;
  }
  if (inTheWay !== undefined) throw notDirectory(`${inTheWay} under the output root ${root} is a file, but generated files go into it`);
}

/** The folder of a root-relative POSIX path (`''` at the root). */
function parentOf(rel: string): string {
  const slash = rel.lastIndexOf('/');
  return slash < 0 ? '' : rel.slice(0, slash);
}
