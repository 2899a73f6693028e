// Golden-file comparison. `UPDATE_GOLDEN=1` rewrites the golden files from the actual output instead of
// comparing (then review the diff and commit it).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@jest/globals';

/** True when the run rewrites golden files (`UPDATE_GOLDEN=1`). */
export function updatingGolden(): boolean {
  return process.env['UPDATE_GOLDEN'] === '1';
}

/**
 * Compares one text with a golden file; with `UPDATE_GOLDEN=1` writes it first. A missing golden file fails
 * with a hint instead of a bare ENOENT.
 * @param file absolute path of the golden file
 * @param actual the text produced
 */
export function expectGolden(file: string, actual: string): void {
  if (updatingGolden()) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual, 'utf8');
  }
  if (!existsSync(file)) throw new Error(`golden file ${file} is missing: run the test with UPDATE_GOLDEN=1 to create it`);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

/**
 * Compares a set of files with a golden folder: the same paths (a golden file that was not produced fails
 * too) and the same contents. With `UPDATE_GOLDEN=1` the folder is replaced by the files first.
 * @param dir absolute path of the golden folder
 * @param files the files produced, paths relative to `dir` with `/`
 */
export function expectGoldenTree(dir: string, files: ReadonlyArray<{ path: string; contents: string }>): void {
  if (updatingGolden()) {
    rmSync(dir, { recursive: true, force: true });
    for (const f of files) {
      mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
      writeFileSync(path.join(dir, f.path), f.contents, 'utf8');
    }
  }
  const stored = existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
        .sort()
    : [];
  expect(stored).toEqual(files.map((f) => f.path).sort());
  // The path leads each text so a failure names the file.
  for (const f of files) expect(`${f.path}\n${readFileSync(path.join(dir, f.path), 'utf8')}`).toBe(`${f.path}\n${f.contents}`);
}
