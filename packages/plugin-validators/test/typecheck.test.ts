// The generated schemas type-check under TypeScript 5.9 and 7 (strict, noUncheckedIndexedAccess,
// exactOptionalPropertyTypes, noUnusedLocals, verbatimModuleSyntax) with either library, and a schema that
// disagrees with its generated type does not compile: the annotation `z.core.$ZodType<T>` / `v.GenericSchema<unknown, T>`
// is what keeps the two from drifting apart silently.
//
// Needs `pnpm build` first: the generated code imports `@reslayer/runtime`, whose types come from its dist.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { validatorNaming } from '@reslayer/plugin-validators/naming';
import { COMPILER_LIST, STRICTER_OPTIONS, typecheckProject } from '../../../test/utils/typecheck.js';
import { DEMO_CONTRACT, generateLayer, LIBRARIES, TEST_DIR } from './helpers.js';

const CONTRACTS: Array<[string, string]> = [
  ['demo', DEMO_CONTRACT],
  ['coverage-31', path.join(TEST_DIR, 'fixtures/coverage-31.yaml')],
  ['coverage-30', path.join(TEST_DIR, 'fixtures/coverage-30.yaml')],
  ['strict', path.join(TEST_DIR, 'fixtures/strict.yaml')],
];

/** A replacement that breaks a schema's agreement with its type, per library. */
const BREAK: Record<string, { from: string; to: string }> = {
  zod: { from: '  email: z.email(),', to: '  email: z.number(),' },
  valibot: { from: '  email: v.pipe(v.string(), v.email()),', to: '  email: v.number(),' },
};

describe.each(LIBRARIES)('generated %s schemas type-check', (library) => {
  it.each(CONTRACTS)('%s, with the mocks and the client, under TypeScript 5.9 and 7', async (name, contract) => {
    const { outDir } = await generateLayer(`typecheck-${name}-${library}`, contract, { library });
    const result = typecheckProject(outDir, { tsconfig: { compilerOptions: { ...STRICTER_OPTIONS } } });
    for (const [label] of COMPILER_LIST) expect({ label, errors: result[label]?.errors }).toEqual({ label, errors: [] });
  });

  it('a schema that disagrees with its generated type fails to compile', async () => {
    const { outDir, srcDir } = await generateLayer(`typecheck-mismatch-${library}`, DEMO_CONTRACT, { library }, { mocks: false });
    const file = path.join(srcDir, validatorNaming.componentsFile());
    const text = readFileSync(file, 'utf8');
    const change = BREAK[library] as { from: string; to: string };
    expect(text).toContain(change.from);
    writeFileSync(file, text.replace(change.from, change.to));
    const result = typecheckProject(outDir, { tsconfig: { include: ['src/shared/api/generated/**/*.ts'] } });
    for (const [label] of COMPILER_LIST) {
      const errors = result[label]?.errors ?? [];
      expect(errors.some((e) => e.includes('components.schemas.ts') && /TS2322|TS2375/.test(e))).toBe(true);
    }
  });
});
