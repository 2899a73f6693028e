// expectGolden / expectGoldenTree: compare, and rewrite only with UPDATE_GOLDEN=1.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectGolden, expectGoldenTree } from './golden.js';

describe('test/utils/golden', () => {
  let dir: string;
  const saved = process.env['UPDATE_GOLDEN'];
  const updating = (on: boolean) => {
    if (on) process.env['UPDATE_GOLDEN'] = '1';
    else delete process.env['UPDATE_GOLDEN'];
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'reslayer-golden-'));
    updating(false);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    if (saved === undefined) delete process.env['UPDATE_GOLDEN'];
    else process.env['UPDATE_GOLDEN'] = saved;
  });

  it('compares one file, fails on a difference or a missing file, and writes it only when updating', () => {
    const file = path.join(dir, 'a', 'x.golden');
    expect(() => expectGolden(file, 'one\n')).toThrow(/UPDATE_GOLDEN=1/);
    expect(existsSync(file)).toBe(false);
    updating(true);
    expectGolden(file, 'one\n');
    expect(readFileSync(file, 'utf8')).toBe('one\n');
    updating(false);
    expectGolden(file, 'one\n');
    expect(() => expectGolden(file, 'two\n')).toThrow();
    expect(readFileSync(file, 'utf8')).toBe('one\n');
  });

  it('compares a tree: same paths (no extra golden file) and same contents; updating replaces the folder', () => {
    const files = [
      { path: 'b/y.ts', contents: 'y\n' },
      { path: 'x.ts', contents: 'x\n' },
    ];
    updating(true);
    writeFileSync(path.join(dir, 'stale.ts'), 'old\n');
    expectGoldenTree(dir, files);
    expect(existsSync(path.join(dir, 'stale.ts'))).toBe(false);
    updating(false);
    expectGoldenTree(dir, files);
    expect(() => expectGoldenTree(dir, files.slice(1))).toThrow();
    expect(() => expectGoldenTree(dir, [files[0]!, { path: 'x.ts', contents: 'changed\n' }])).toThrow();
  });
});
