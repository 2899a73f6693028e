// Option `dates: 'Date'` (experimental): response schemas decode `date`/`date-time` strings to `Date`, and are
// typed against `<Name>Decoded` types (plugin-client's type with `Date` for those strings), so the output still
// type-checks under TypeScript 5.9 and 7. Request schemas are unchanged (plugin-client's write types say string).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validatorNaming } from '@reslayer/plugin-validators/naming';
import { COMPILER_LIST, STRICTER_OPTIONS, typecheckProject } from '../../../test/utils/typecheck.js';
import { DEMO_CONTRACT, generateLayer, importModule, issuesOf, LIBRARIES, TEST_DIR } from './helpers.js';

const CONTACT = { id: '00000000-0000-4000-8000-000000000001', email: 'ada@example.test', firstName: 'Ada', lastName: 'L', status: 'lead', createdAt: '2024-01-01T10:00:00Z' };

describe.each(LIBRARIES)("dates: 'Date' with %s", (library) => {
  it('decodes date-time strings to Date in responses, and type-checks', async () => {
    const { outDir, srcDir } = await generateLayer(`dates-demo-${library}`, DEMO_CONTRACT, { library, dates: 'Date' });
    const components = readFileSync(path.join(srcDir, validatorNaming.componentsFile()), 'utf8');
    expect(components).toContain('export type ContactDecoded = {');
    expect(components).toMatch(/createdAt: Date;/);
    const schemas = await importModule(path.join(srcDir, validatorNaming.schemasFile({ resource: 'contacts' })));
    const result = (await (schemas['GetContactResponseSchema'] as { '~standard': { validate: (v: unknown) => Promise<{ value: { createdAt: unknown } }> | { value: { createdAt: unknown } } } })['~standard'].validate(CONTACT));
    expect(result.value.createdAt).toBeInstanceOf(Date);
    expect((result.value.createdAt as Date).toISOString()).toBe('2024-01-01T10:00:00.000Z');
    // Requests keep strings.
    expect(await issuesOf(schemas['CreateContactPayloadSchema'], { email: 'ada@example.test', firstName: 'A', lastName: 'L', status: 'lead' })).toEqual([]);
    const result2 = typecheckProject(outDir, { tsconfig: { compilerOptions: { ...STRICTER_OPTIONS } } });
    for (const [label] of COMPILER_LIST) expect({ label, errors: result2[label]?.errors }).toEqual({ label, errors: [] });
  });

  it('the coverage contract (formats, recursion, discriminator) type-checks with dates decoded', async () => {
    const { outDir } = await generateLayer(`dates-coverage-${library}`, path.join(TEST_DIR, 'fixtures/coverage-31.yaml'), { library, dates: 'Date' }, { mocks: false });
    const result = typecheckProject(outDir, { tsconfig: { compilerOptions: { ...STRICTER_OPTIONS } } });
    for (const [label] of COMPILER_LIST) expect({ label, errors: result[label]?.errors }).toEqual({ label, errors: [] });
  });
});
