// The shared type-check harness catches what it claims to: the strict settings are on, both compilers run,
// and a run that could not happen is an error, not a pass.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMPILER_LIST, generatedTsconfig, runTsc, TSC_59, typecheckProject, writeTsconfig } from './typecheck.js';

const BAD = `export const byIndex = [1, 2][0];
export const fixed: string = byIndex.toFixed(1);
export const partial: { a?: string } = { a: undefined };
export function f(x) { return x; }
`;
const GOOD = 'export const one: number = [1][0] ?? 0;\n';

describe('test/utils/typecheck (scripts/lib/typecheck.mjs)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'reslayer-harness-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the strict tsconfig of generated output', () => {
    expect(generatedTsconfig().compilerOptions).toMatchObject({ strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, module: 'NodeNext', noEmit: true });
    expect(generatedTsconfig({ resolution: 'Bundler', compilerOptions: { target: 'ES2023' } }).compilerOptions).toMatchObject({ moduleResolution: 'Bundler', target: 'ES2023' });
  });

  it.each(COMPILER_LIST)('%s reports noUncheckedIndexedAccess, exactOptionalPropertyTypes and implicit any errors, and lists the file', (label) => {
    const project = path.join(dir, 'bad');
    writeFileSync(path.join(dir, 'bad.ts'), BAD);
    const check = typecheckProject(dir, { tsconfigName: 'tsconfig.bad.json', tsconfig: { include: ['bad.ts'] } })[label];
    expect(check?.errors.map((e) => /error (TS\d+)/.exec(e)?.[1]).sort()).toEqual(['TS18048', 'TS2375', 'TS7006']);
    expect(check?.listed).toContain(`${project}.ts`);
  }, 120_000);

  it.each(COMPILER_LIST)('%s passes a clean file', (label) => {
    writeFileSync(path.join(dir, 'good.ts'), GOOD);
    expect(typecheckProject(dir, { tsconfigName: 'tsconfig.good.json', tsconfig: { include: ['good.ts'] } })[label]?.errors).toEqual([]);
  }, 120_000);

  it('reports a missing compiler or a failed run as an error', () => {
    const tsconfig = writeTsconfig(path.join(dir, 'tsconfig.none.json'), generatedTsconfig({ include: ['none/**/*.ts'] }));
    expect(runTsc(path.join(dir, 'no-such-tsc'), tsconfig).errors).toEqual([`compiler missing: ${path.join(dir, 'no-such-tsc')}`]);
    // No input file: tsc exits non-zero with TS18003, which is an error line.
    expect(runTsc(TSC_59, tsconfig).errors.join('\n')).toMatch(/TS18003/);
  }, 60_000);
});
