// Real-world contract features through the built CLI (`pnpm build` first): every fixture under
// fixtures/openapi/{multifile,3.0,3.1} is generated with the four built-in plugins into
// `.fixtures-out/<case>/`; every operation must be reachable as a client method, and the output must
// type-check with TypeScript 5.9 and 7. Client and hooks output is type-checked on its own first, so a
// failure of plugin-config-meta or plugin-mocks output shows up only in the separate full-output check.
import path from 'node:path';
import { clientOperations, type Generation } from './helpers/cli.js';
import { fixture } from './helpers/paths.js';
import { CLIENT_HOOKS_INCLUDE, FULL_INCLUDE, typecheck } from './helpers/typecheck.js';
import { CASES, sortOps, read, contractOperations, generated, src } from './helpers/fixtureCases.js';

describe.each(CASES)('fixture $contract', (c) => {
  let g: Generation;
  beforeAll(() => {
    g = generated(c.name);
  });

  it('generate exits 0 with no error diagnostics', () => {
    expect(g.run.stderr).toBe('');
    expect(g.run.status).toBe(0);
    expect(g.json?.ok).toBe(true);
    expect(g.json?.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('the fixture declares exactly the operations the test expects (as bundled by the loader)', async () => {
    expect(await contractOperations(fixture(c.contract))).toEqual(sortOps(c.operations));
  });

  it('100% of the operations are client methods (`method:` + `path:` in *.client.ts), one hook each', () => {
    const reachable = clientOperations(g.files, read);
    expect(c.operations.filter((o) => !reachable.has(o))).toEqual([]);
    expect(sortOps(reachable)).toEqual(sortOps(c.operations));
    const hooks = g.files.filter((f) => /[/\\]features[/\\][^/\\]+[/\\]api[/\\]use[^/\\]+\.ts$/.test(f));
    expect(hooks).toHaveLength(c.operations.length);
  });

  it('client + hooks output: 0 errors with TypeScript 5.9 and 7, and every such file is checked', () => {
    const r = typecheck(g.outDir, { tsconfigName: 'tsconfig.client-hooks.json', include: CLIENT_HOOKS_INCLUDE });
    expect({ tsc59: r.tsc59, tsc7: r.tsc7 }).toEqual({ tsc59: [], tsc7: [] });
    const expected = g.files.filter((f) => /[/\\]src[/\\](shared[/\\]api[/\\]generated|features[/\\][^/\\]+[/\\]api)[/\\].*\.ts$/.test(f));
    expect(expected.length).toBeGreaterThan(0);
    expect(r.checkedFiles).toEqual(expected);
  });

  it('full output (all four plugins): 0 errors with TypeScript 5.9 and 7, and every file is checked', () => {
    const r = typecheck(g.outDir, { tsconfigName: 'tsconfig.json', include: FULL_INCLUDE });
    expect({ tsc59: r.tsc59, tsc7: r.tsc7 }).toEqual({ tsc59: [], tsc7: [] });
    expect(r.checkedFiles).toEqual(g.files.filter((f) => f.endsWith('.ts')));
  });
});


describe('multifile: $refs across files and folders, components/responses and parameters, path-level parameters', () => {
  it('schemas from other files become named component types; readOnly gives a Writable variant', () => {
    const c = src('multifile', 'shared/api/generated/components.types.ts');
    expect(c).toContain(
      [
        'export type Pet = {',
        '  id: string;',
        '  name: string;',
        "  tag?: 'dog' | 'cat' | 'bird';",
        '  owner?: {',
        '    id: number;',
        '    displayName?: string;',
        '  };',
        '};',
      ].join('\n'),
    );
    expect(c).toContain('export type PetWritable = {\n  name: string;');
    expect(c).toContain('export type PetPage = {\n  items: Pet[];\n  nextCursor?: string | null;\n};');
    expect(c).toContain('export type Problem = {\n  title: string;\n  status?: number;\n  detail?: string;\n};');
  });

  it('a path-level parameter (from parameters/PetId.yaml) and a header parameter referenced back into the root apply to every operation of the path', () => {
    const client = src('multifile', 'shared/api/generated/pets/pets.client.ts');
    expect(client).toContain('getPet<O extends CallOptions = RequestOptions>(petId: string, params?: GetPetParams, options?: O): Promise<CallResult<GetPetResponse, O>> {');
    expect(client).toContain('updatePet<O extends CallOptions = RequestOptions>(petId: string, payload: UpdatePetPayload, params?: UpdatePetParams, options?: O): Promise<CallResult<UpdatePetResponse, O>> {');
    expect(client).toContain('deletePet<O extends CallOptions = RequestOptions>(petId: string, params?: DeletePetParams, options?: O): Promise<CallResult<DeletePetResponse, O>> {');
    expect(client.match(/headers: \{ 'X-Trace-Id': params\?\.\['X-Trace-Id'\] \},/g)).toHaveLength(3);
    const types = src('multifile', 'shared/api/generated/pets/pets.types.ts');
    expect(types).toContain("export interface ListPetsParams {\n  limit?: number;\n  cursor?: string;\n}");
  });

  it('components/responses in another file (and one reached back through ../openapi.yaml#/…) type the error bodies', () => {
    const types = src('multifile', 'shared/api/generated/pets/pets.types.ts');
    expect(types).toContain('export type GetPetErrorBody = Schemas.Problem;');
    expect(types).toContain('export type ListPetsErrorBody = Schemas.Problem;');
    expect(types).toContain('export type UpdatePetErrorBody = Schemas.Problem;');
    expect(src('multifile', 'shared/api/generated/health/health.types.ts')).toContain('export type GetHealthErrorBody = Schemas.Problem;');
  });

  it('a path item two folders deep keeps its own path parameter', () => {
    const client = src('multifile', 'shared/api/generated/ownersPets/ownersPets.client.ts');
    expect(client).toContain('listOwnerPets<O extends CallOptions = RequestOptions>(ownerId: number, params?: ListOwnerPetsParams, options?: O): Promise<CallResult<ListOwnerPetsResponse, O>> {');
    expect(src('multifile', 'shared/api/generated/ownersPets/ownersPets.types.ts')).toContain('export type ListOwnerPetsResponse = Schemas.Pet[];');
  });
});
