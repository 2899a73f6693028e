// Reading a generated output folder, for the write-path benchmarks (write-floor.mjs, write-ours.mjs).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Every regular file under the folder except reslayer's own bookkeeping files (`.reslayer-*`), with its text.
 * @param {string} dir the output folder
 * @returns {{ rel: string, text: string }[]} root-relative POSIX paths and texts
 */
export function readOutputFiles(dir) {
  const files = [];
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || e.name.startsWith('.reslayer-')) continue;
    const abs = path.join(e.parentPath, e.name);
    files.push({ rel: path.relative(dir, abs).split(path.sep).join('/'), text: readFileSync(abs, 'utf8') });
  }
  return files;
}
