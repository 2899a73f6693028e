// Options, the files the plugin adds, and contract text that could break the generated code.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { GeneratorError } from '@reslayer/core';
import { resolveValidatorsOptions, validatorNaming } from '@reslayer/plugin-validators';
import { DEMO_CONTRACT, generateLayer, importModule, issuesOf, LIBRARIES, TEST_DIR } from './helpers.js';

describe('options', () => {
  it('defaults to zod and @reslayer/runtime', () => {
    expect(resolveValidatorsOptions()).toEqual({ library: 'zod', runtimeModule: '@reslayer/runtime' });
  });

  it.each([[{ library: 'yup' }], [{ dates: 'Date' }], [{ runtimeModule: 'a b' }], [{ validate: true }]])('rejects %j', (options) => {
    expect(() => resolveValidatorsOptions(options as never)).toThrow(GeneratorError);
    expect(() => resolveValidatorsOptions(options as never)).toThrow(/plugin-validators/);
  });
});

describe.each(LIBRARIES)('files (%s)', (library) => {
  it('adds components.schemas.ts and one schemas module per resource, nothing else', async () => {
    const { result } = await generateLayer(`files-${library}`, DEMO_CONTRACT, { library }, { mocks: false });
    const ours = result.files.filter((f) => f.plugin === 'plugin-validators').map((f) => f.path).sort();
    const resources = result.model.resources.map((r) => validatorNaming.schemasFile(r));
    expect(ours).toEqual([validatorNaming.componentsFile(), ...resources].sort());
    expect(ours).toHaveLength(7);
  });

  it('escapes contract text and survives a resource named register and a pattern JavaScript cannot compile', async () => {
    const { result, srcDir } = await generateLayer(`hostile-${library}`, path.join(TEST_DIR, 'fixtures/hostile.yaml'), { library }, { mocks: false });
    const text = readFileSync(path.join(srcDir, validatorNaming.componentsFile()), 'utf8');
    expect(text).toContain("['__proto__']:");
    expect(text).toContain("'it\\'s':");
    expect(result.diagnostics.list().some((d) => d.code === 'RSL_SCHEMA_UNSUPPORTED' && /pattern "\[" is not a JavaScript regular expression/.test(d.message))).toBe(true);
    const schemas = await importModule(path.join(srcDir, validatorNaming.schemasFile({ resource: 'register' })));
    expect(schemas['registerValidators']).toBeDefined();
    const value = JSON.parse('{"__proto__": "own", "it\'s": "[", "*/ x": 9007199254740993}') as unknown;
    expect(await issuesOf(schemas['CreateRegisterPayloadSchema'], value)).toEqual([]);
    // zod 4 does not enforce a required `__proto__` key (README, "Not covered"); valibot does.
    const missing = await issuesOf(schemas['CreateRegisterPayloadSchema'], JSON.parse('{"it\'s": "x"}'));
    if (library === 'valibot') expect(missing.length).toBeGreaterThan(0);
    expect((await issuesOf(schemas['CreateRegisterPayloadSchema'], JSON.parse('{"__proto__": "own", "*/ x": 1.5}'))).length).toBeGreaterThan(0);
  });
});
