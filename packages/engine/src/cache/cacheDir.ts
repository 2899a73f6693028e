import { hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The folder that holds the no-change cache of an output root, outside the root: `node_modules/.cache/reslayer/<key>`
 * of the project (the nearest folder above the output root with a `package.json`), or, with no project above it,
 * `<system temporary folder>/reslayer-cache/<key>`. The key is the first 16 hex digits of the sha256 of the
 * root's absolute path, so each output root has its own. Nothing is created here.
 * @param outputRoot absolute output root
 * @returns the folder's absolute path
 */
export function cacheDirOf(outputRoot: string): string {
  const root = path.resolve(outputRoot);
  const key = hash('sha256', root, 'hex').slice(0, 16);
  for (let dir = path.dirname(root); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return path.join(dir, 'node_modules', '.cache', 'reslayer', key);
    if (path.dirname(dir) === dir) return path.join(tmpdir(), 'reslayer-cache', key);
  }
}
