// The batched type-check of `pnpm corpus:directory --tsc` (scripts/lib/directory-typecheck.mjs): several outputs
// in one run of each compiler, every error and collapsed type tied to the output that holds it.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { typecheckBatch } from '../../scripts/lib/directory-typecheck.mjs';
import { ROOT } from './paths.js';

const base = path.join(ROOT, '.corpus-out', 'directory-typecheck-test');
const output = (name: string, file: string, text: string) => {
  mkdirSync(path.join(base, name, 'src'), { recursive: true });
  writeFileSync(path.join(base, name, 'src', file), text);
};

beforeAll(() => {
  rmSync(base, { recursive: true, force: true });
  output('a', 'x.ts', "export const x: number = 'a';\n");
  output('b', 'y.ts', "export type T = { k: 'x' } & { k: 'y' };\n");
  // Array items that allOf members give disjoint enums: the contract's `never`, counted apart (only `[]` fits).
  output('b', 'w.ts', "export type M = { e: Array<{ k: 'x' }> } & { e: Array<{ k: 'y' }> };\nexport const m: M = { e: [] };\n");
  // The same exported names as `a`: outputs are modules, so they do not meet.
  output('c', 'x.ts', 'export const x: number = 1;\n');
  output('c', 'z.ts', "import { x } from './x.js';\nexport const y: number = x;\n");
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

it('ties each error and collapsed type to its own output, under both compilers', () => {
  const results = typecheckBatch(base, ['a', 'b', 'c'], 'test');
  expect(results).toBeDefined();
  const a = results?.get('a');
  expect(a).toMatchObject({ tsc59: 1, tsc7: 1, collapsed: 0, codes: { TS2322: 2 } });
  expect(a?.first[0]).toMatch(/^src\/x\.ts\(1,14\): error TS2322/);
  expect(results?.get('b')).toEqual({ tsc59: 0, tsc7: 0, collapsed: 1, forced: 1, codes: {}, first: [] });
  expect(results?.get('c')).toEqual({ tsc59: 0, tsc7: 0, collapsed: 0, forced: 0, codes: {}, first: [] });
});

it('checks one output alone the same way', () => {
  expect(typecheckBatch(base, ['a'], 'alone')?.get('a')).toMatchObject({ tsc59: 1, tsc7: 1, collapsed: 0 });
});
