// Real-world contract features through the built CLI (`pnpm build` first): every fixture under
// fixtures/openapi/{multifile,3.0,3.1} is generated with the four built-in plugins into
// `.fixtures-out/<case>/`; every operation must be reachable as a client method, and the output must
// type-check with TypeScript 5.9 and 7. Client and hooks output is type-checked on its own first, so a
// failure of plugin-config-meta or plugin-mocks output shows up only in the separate full-output check.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadContract, parseDocumentText } from '@reslayer/core';
import { clientOperations, generate, listFiles, outDirOf, runCli, type Generation } from './helpers/cli.js';
import { fixture } from './helpers/paths.js';
import { CLIENT_HOOKS_INCLUDE, FULL_INCLUDE, typecheck } from './helpers/typecheck.js';

interface FixtureCase {
  /** Output folder under `.fixtures-out`. */
  name: string;
  /** Contract under fixtures/openapi. */
  contract: string;
  /** Every operation of the contract, `METHOD path`. */
  operations: string[];
}

const CASES: FixtureCase[] = [
  {
    name: 'multifile',
    contract: 'multifile/openapi.yaml',
    operations: ['GET /health', 'GET /owners/{ownerId}/pets', 'GET /pets', 'POST /pets', 'GET /pets/{petId}', 'PATCH /pets/{petId}', 'DELETE /pets/{petId}'],
  },
  {
    name: '3.1-features',
    contract: '3.1/features.yaml',
    operations: ['GET /documents', 'POST /documents', 'GET /documents/{documentId}', 'GET /folders/{folderId}', 'GET /measurements'],
  },
  { name: '3.1-webhooks-only', contract: '3.1/webhooks-only.yaml', operations: [] },
  {
    name: '3.2-features',
    contract: '3.2/features.yaml',
    operations: [
      'GET /products', 'POST /products', 'QUERY /products', 'GET /products/{productId}', 'LINK /products/{productId}', 'GET /price-changes',
      'GET /product-exports', 'QUERY /audit-entries',
    ],
  },
  {
    name: '3.0-composition',
    contract: '3.0/composition.yaml',
    operations: [
      'GET /categories/{categoryId}', 'PUT /documents/{documentId}/content', 'POST /notifications', 'GET /pets', 'POST /pets',
      'GET /pets/{petId}', 'GET /settings', 'PUT /settings', 'GET /shapes', 'GET /values', 'GET /vehicles',
    ],
  },
  {
    name: '3.0-naming',
    contract: '3.0/naming.yaml',
    operations: [
      'GET /matrix/{row}/{col}', 'OPTIONS /matrix/{row}/{col}', 'GET /orgs/{org}/members', 'GET /orgs/{org}/members/{memberId}',
      'PUT /settings', 'PATCH /settings', 'DELETE /settings', 'GET /teams/{team}/members', 'DELETE /teams/{team}/members/{memberId}',
      'PUT /toolbox', 'PATCH /toolbox', 'DELETE /toolbox', 'PUT /tools', 'PATCH /tools', 'DELETE /tools', 'GET /user-profiles',
      'GET /user-profiles/{class}', 'DELETE /user-profiles/{class}',
    ],
  },
  {
    name: '3.0-operations',
    contract: '3.0/operations.yaml',
    operations: [
      'GET /branches', 'GET /branches/{branchId}', 'GET /branches/{branchId}/loans', 'POST /branches/{branchId}/loans',
      'GET /branches/{branchId}/loans/{loanId}', 'PUT /branches/{branchId}/loans/{loanId}', 'DELETE /branches/{branchId}/loans/{loanId}',
      'POST /branches/{branchId}/loans/{loanId}/renew', 'POST /documents', 'GET /documents/{documentId}/content',
      'PUT /documents/{documentId}/content', 'GET /exports', 'POST /jobs', 'POST /oauth/token', 'GET /ping', 'HEAD /ping',
      'GET /reports/{reportId}',
    ],
  },
  {
    name: '3.0-directory-classes',
    contract: '3.0/directory-classes.yaml',
    operations: [
      'GET /accounts/{accountId}', 'GET /changes', 'GET /counts/{term}/{includeChildren}', 'GET /custompages', 'GET /custompages/{slug}',
      'GET /groups/System.{location}/fabricLocations/{location}/results/{resultId}', 'GET /profiles/{profileId}', 'GET /promises/{promiseId}', 'GET /records',
      'GET /records/{recordId}', 'PUT /records/{recordId}', 'DELETE /records/{recordId}', 'GET /tags/{ids}/summary',
      'GET /messages/{msgId}',
    ],
  },
];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;
const sortOps = (ops: Iterable<string>) => [...ops].sort();
const read = (file: string) => readFileSync(file, 'utf8');

/** Operations of a contract as the loader bundles it (external files and path item `$ref`s followed). */
async function contractOperations(contract: string): Promise<string[]> {
  const { document } = await loadContract(contract);
  const ops: string[] = [];
  for (const [p, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const m of METHODS) if (item[m] !== undefined) ops.push(`${m.toUpperCase()} ${p}`);
    for (const m of Object.keys((item['additionalOperations'] ?? {}) as object)) ops.push(`${m.toUpperCase()} ${p}`);
  }
  return sortOps(ops);
}

const runs = new Map<string, Generation>();
function generated(name: string): Generation {
  let g = runs.get(name);
  if (!g) {
    const c = CASES.find((x) => x.name === name);
    if (!c) throw new Error(`no case ${name}`);
    g = generate(c.name, fixture(c.contract));
    runs.set(name, g);
  }
  return g;
}

/** Contents of a generated file, by its path under `<out>/src/`. */
function src(name: string, relative: string): string {
  return read(path.join(generated(name).outDir, 'src', relative));
}

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

describe('OpenAPI 3.1: type arrays with null, const, examples, $defs, webhooks', () => {
  it('type: [T, "null"], const and $refs into $defs are typed', () => {
    const c = src('3.1-features', 'shared/api/generated/components.types.ts');
    expect(c).toContain(
      [
        'export type Document = {',
        "  kind: 'document';",
        '  version?: 3;',
        '  title: string;',
        '  body: string | null;',
        '  rating?: number | null;',
        '  tags?: string[] | null;',
        '  flags?: boolean | string;',
        '  published?: true;',
        "  meta?: 'mm' | 'cm' | 'm';",
        '};',
      ].join('\n'),
    );
    expect(c).toContain('export type NullOnly = null;');
    expect(c).toContain('export type Measurement = {\n  latest?: DefsReading;\n};');
  });

  it('recursive $defs reached through #/components/schemas/X/$defs/Y are hoisted into named types', () => {
    const c = src('3.1-features', 'shared/api/generated/components.types.ts');
    expect(c).toContain('export type Folder = DefsEntry;');
    expect(c).toContain('export type DefsEntry = {\n  name: string;\n  children?: DefsEntry[];\n};');
    expect(c).toContain("export type DefsReading = {\n  value: number;\n  unit: 'mm' | 'cm' | 'm';\n  previous?: DefsReading | null;\n};");
    expect(src('3.1-features', 'shared/api/generated/measurements/measurements.types.ts')).toContain('export type ListMeasurementsResponse = Schemas.DefsReading[];');
  });

  it('a query parameter typed [string, "null"] with a null enum member', () => {
    expect(src('3.1-features', 'shared/api/generated/documents/documents.types.ts')).toContain(
      "export interface ListDocumentsParams {\n  status?: ('draft' | 'published') | null;\n}",
    );
  });

  it('webhooks get no client; a document with only webhooks generates the component types and an info note', () => {
    const g = generated('3.1-webhooks-only');
    // `g.files` was listed right after generation, before any tsconfig was written.
    expect(g.files.map((f) => path.relative(g.outDir, f).split(path.sep).join('/'))).toEqual([
      '.reslayer-manifest.json',
      'src/shared/api/generated/components.types.ts',
    ]);
    expect(g.json?.files).toEqual(['src/shared/api/generated/components.types.ts']);
    expect(g.json?.diagnostics.map((d) => [d.severity, d.code, d.message])).toEqual([
      ['info', 'RSL_NO_PATHS', 'the document has no paths, only 1 webhook operation(s); no resources are generated'],
    ]);
    expect(src('3.1-webhooks-only', 'shared/api/generated/components.types.ts')).toContain('export type Order = {\n  id: string;\n  total?: number | null;\n};');
    expect(src('3.1-features', 'shared/api/generated/documents/documents.client.ts')).not.toContain('documentPublished');
  });
});

describe('composition: unions and intersections with discriminator literals, recursion, maps', () => {
  const components = () => src('3.0-composition', 'shared/api/generated/components.types.ts');

  it('oneOf + discriminator with a mapping: each member gets its mapped literal', () => {
    expect(components()).toContain("export type Pet = (Cat & { petType: 'cat' }) | (Dog & { petType: 'dog' });");
  });

  it('anyOf + discriminator without a mapping: each member gets its schema name', () => {
    expect(components()).toContain("export type Shape = (Circle & { shapeType: 'Circle' }) | (Square & { shapeType: 'Square' });");
  });

  it('oneOf without a discriminator: a plain union', () => {
    expect(components()).toContain('export type Value = string | number | {\n  unit: string;\n};');
  });

  it('allOf without a discriminator: an intersection', () => {
    expect(components()).toContain('export type Car = Vehicle & NamedEntity & {\n  seats?: number;\n} & {');
  });

  it('allOf of a parent with a discriminator: the member fixes the discriminator to its mapped literal', () => {
    expect(components()).toContain("export type Car = Vehicle & NamedEntity & {\n  seats?: number;\n} & {\n  vehicleType: 'car';\n};");
    expect(components()).toContain("export type Truck = Vehicle & Timestamps & {\n  payloadKg?: number;\n} & {\n  vehicleType: 'truck';\n};");
  });

  it('the Writable variant of an intersection stays satisfiable when a member has only readOnly properties', () => {
    expect(components()).toContain('export type TimestampsWritable = Record<string, unknown>;');
    expect(components()).toContain("export type TruckWritable = Vehicle & TimestampsWritable & {\n  payloadKg?: number;\n} & {\n  vehicleType: 'truck';\n};");
  });

  it('a union parent whose members extend it (allOf) is typed without a circular alias, and says so', () => {
    expect(components()).toContain(
      "export type Notification = EmailNotification | SmsNotification;",
    );
    expect(components()).toContain("export type EmailNotification = {\n  channel: string;\n  address: string;\n} & {\n  channel: 'email';\n};");
    const notes = generated('3.0-composition').json?.diagnostics.filter((d) => d.code === 'RSL_SCHEMA_UNSUPPORTED');
    expect(notes?.map((d) => [d.severity, d.location, d.plugin])).toEqual([
      ['info', '#/components/schemas/EmailNotification/allOf/0', 'plugin-client'],
      ['info', '#/components/schemas/SmsNotification/allOf/0', 'plugin-client'],
    ]);
  });

  it('recursive schemas: a tree, a nullable self-reference and a mutual recursion', () => {
    expect(components()).toContain(
      'export type TreeNode = {\n  id: number;\n  parent?: TreeNode | null;\n  children: TreeNode[];\n  owner?: Person;\n};',
    );
    expect(components()).toContain('export type Person = {\n  name?: string;\n  favouriteNode?: TreeNode;\n};');
  });

  it('additionalProperties become record types; a map of itself uses an index signature', () => {
    const c = components();
    expect(c).toContain(
      [
        'export type Settings = {',
        '  labels?: Record<string, string>;',
        '  limits?: Record<string, number>;',
        '  anything?: Record<string, unknown>;',
        '  nested?: { [key: string]: Settings };',
        '  mixed?: {',
        '    fixed?: string;',
        '    [key: string]: unknown;',
        '  };',
        '};',
      ].join('\n'),
    );
    expect(c).toContain('export type NestedMap = { [key: string]: NestedMap };');
    expect(c).toContain('export type JsonValue = (string | number | boolean | JsonValue[] | { [key: string]: JsonValue }) | null;');
  });
});

describe('naming: operationIds, reserved words, digits, dashes, spaces, collisions', () => {
  const methodsOf = (resource: string) =>
    [...src('3.0-naming', `shared/api/generated/${resource}/${resource}.client.ts`).matchAll(/^ {2}([A-Za-z_$][\w$]*)(?:<O extends CallOptions = RequestOptions>)?\(/gm)].map((m) => m[1]);

  it('resources: the same collection under two parents carries its parent', () => {
    const dirs = listFiles(path.join(generated('3.0-naming').outDir, 'src/shared/api/generated'))
      .filter((f) => f.endsWith('.client.ts'))
      .map((f) => path.basename(f, '.client.ts'));
    expect(dirs).toEqual(['matrix', 'orgsMembers', 'settings', 'teamsMembers', 'toolbox', 'tools', 'userProfiles']);
    expect(methodsOf('orgsMembers')).toEqual(['listOrgMembers', 'getOrgMember']);
    expect(methodsOf('teamsMembers')).toEqual(['listTeamMembers', 'deleteTeamMember']);
  });

  it('operationIds with "/", ".", "-", spaces, a digit first, a reserved word, duplicates, or none', () => {
    // `settings/replace.v2`: the tag prefix and the version part are dropped, the verb leads.
    expect(methodsOf('settings')).toEqual(['resetSettings', 'updateSettingsNow', 'replaceSettings']);
    // The second `duplicate` is named from method and path, not with a counter.
    expect(methodsOf('tools')).toEqual(['delete_', 'duplicate', 'replaceTools']);
    expect(methodsOf('toolbox')).toEqual(['deleteToolbox', '_2faSettings', 'duplicate']);
    expect(methodsOf('matrix')).toEqual(['getMatrix', 'optionsMatrixRowCol']);
    expect(methodsOf('userProfiles')).toEqual(['listUserProfiles', 'getUserProfile', 'deleteUserProfile']);
  });

  it('type names built from those operations are valid identifiers', () => {
    const types = src('3.0-naming', 'shared/api/generated/toolbox/toolbox.types.ts');
    expect(types).toContain('export type _2faSettingsResponse = void;');
    expect(types).toContain('export type _2faSettingsError = ApiError<_2faSettingsErrorBody>;');
    expect(src('3.0-naming', 'shared/api/generated/tools/tools.types.ts')).toContain('export type ReplaceToolsResponse = void;');
    expect(src('3.0-naming', 'features/toolbox/api/use2faSettingsMutation.ts')).toContain('export type _2faSettingsVariables = void;');
  });

  it('hooks: one uniquely named file per operation', () => {
    const hooks = (r: string) =>
      listFiles(path.join(generated('3.0-naming').outDir, 'src/features', r, 'api'))
        .map((f) => path.basename(f, '.ts'))
        .filter((n) => n !== 'index');
    expect(hooks('tools')).toEqual(['useDeleteMutation', 'useDuplicateMutation', 'useReplaceToolsMutation']);
    expect(hooks('toolbox')).toEqual(['use2faSettingsMutation', 'useDeleteToolboxMutation', 'useDuplicateMutation']);
    expect(hooks('settings')).toEqual(['useReplaceSettingsMutation', 'useResetSettingsMutation', 'useUpdateSettingsNowMutation']);
  });

  it('schema names: reserved words, a digit first, spaces, three names that collide after casing, global type names', () => {
    const names = [...src('3.0-naming', 'shared/api/generated/components.types.ts').matchAll(/^export type (\w+) =/gm)].map((m) => m[1]);
    expect(names).toEqual(['BlobType', 'Class', 'DateType', 'Default', 'Delete', 'MySchemaName', 'UserProfile', 'UserProfile2', 'UserProfile3', '_2fa']);
    const c = src('3.0-naming', 'shared/api/generated/components.types.ts');
    // `UserProfile` < `user-profile` < `user_profile` in code-unit order: the suffixes do not depend on the contract's order.
    expect(c).toContain('export type UserProfile = {\n  pascal?: string;\n  kind?: Default;\n};');
    expect(c).toContain('export type UserProfile2 = {\n  kebab?: string;\n  twoFactor?: _2fa;\n};');
    expect(c).toContain('export type UserProfile3 = {\n  snake?: string;\n  removed?: Delete;\n};');
  });

  it('property names that are reserved words, start with a digit, or hold dashes and spaces are quoted only when needed', () => {
    expect(src('3.0-naming', 'shared/api/generated/components.types.ts')).toContain(
      [
        'export type Class = {',
        '  class?: string;',
        '  default?: string;',
        '  delete?: boolean;',
        "  '2fa'?: boolean;",
        "  'with-dash'?: string;",
        "  'with space'?: string;",
        '  $dollar?: string;',
        '  _under?: string;',
        '};',
      ].join('\n'),
    );
  });

  it('parameters: a reserved-word path parameter, a query parameter of the same name, dashed names', () => {
    const client = src('3.0-naming', 'shared/api/generated/userProfiles/userProfiles.client.ts');
    expect(client).toContain('getUserProfile<O extends CallOptions = RequestOptions>(class_: string, params?: GetUserProfileParams, options?: O): Promise<CallResult<GetUserProfileResponse, O>> {');
    expect(client).toContain('pathParams: { class: class_ },');
    expect(client).toContain('query: { class: params?.class },');
    expect(client).toContain("query: { 'page-size': params?.['page-size'], default: params?.default },");
    expect(src('3.0-naming', 'shared/api/generated/userProfiles/userProfiles.query-keys.ts')).toContain(
      'detail: (class_: string | number, params?: GetUserProfileParams) => [...details(), class_, params ?? {}] as const,',
    );
  });

  it('duplicate operationIds are reported, and the names stay distinct', () => {
    const dups = generated('3.0-naming').json?.diagnostics.filter((d) => d.code === 'RSL_OPERATION_ID_DUPLICATE');
    expect(dups?.map((d) => d.location)).toEqual(['PATCH /tools', 'PUT /tools']);
  });
});

describe('operation shapes', () => {
  it('nested resource: the parent parameter is part of every client signature', () => {
    const client = src('3.0-operations', 'shared/api/generated/branchesLoans/branchesLoans.client.ts');
    expect(client).toContain('listLoans<O extends CallOptions = RequestOptions>(branchId: string, params?: ListLoansParams, options?: O): Promise<CallResult<ListLoansResponse, O>> {');
    expect(client).toContain('getLoan<O extends CallOptions = RequestOptions>(branchId: string, loanId: number, options?: O): Promise<CallResult<GetLoanResponse, O>> {');
    expect(client).toContain('createLoan<O extends CallOptions = RequestOptions>(branchId: string, payload: CreateLoanPayload, options?: O): Promise<CallResult<CreateLoanResponse, O>> {');
    expect(client).toContain('updateLoan<O extends CallOptions = RequestOptions>(branchId: string, loanId: number, payload: UpdateLoanPayload, options?: O): Promise<CallResult<UpdateLoanResponse, O>> {');
    expect(client).toContain('deleteLoan<O extends CallOptions = RequestOptions>(branchId: string, loanId: number, options?: O): Promise<CallResult<DeleteLoanResponse, O>> {');
    expect(client).toContain('pathParams: { branchId: branchId, loanId: loanId },');
    expect(client).toContain("queryStyles: { tags: { style: 'form', explode: false } },");
  });

  it('nested resource: the parent parameter is part of the query keys and of the hooks', () => {
    const keys = src('3.0-operations', 'shared/api/generated/branchesLoans/branchesLoans.query-keys.ts');
    expect(keys).toContain('list: (branchId: string | number, params?: ListLoansParams) => [...lists(), branchId, params ?? {}] as const,');
    expect(keys).toContain('detail: (branchId: string | number, loanId: string | number) => [...details(), branchId, loanId] as const,');
    const query = src('3.0-operations', 'features/branchesLoans/api/useLoanQuery.ts');
    expect(query).toContain('export function loanQueryOptions(branchId: string | undefined, loanId: number | undefined) {');
    expect(query).toContain('queryKey: branchesLoansQueryKeys.detail(branchId as string | number, loanId as string | number) as DataTag<');
    expect(query).toContain(
      'queryFn: branchId === undefined || loanId === undefined ? skipToken : ({ signal }: { signal: AbortSignal }) => branchesLoansClient.getLoan(branchId, loanId, { signal }),',
    );
    // An action on a nested item: that item, and only its parent's lists.
    const renew = src('3.0-operations', 'features/loansRenew/api/useRenewLoanMutation.ts');
    expect(renew).toContain(
      'invalidate: (variables) => [loansRenewQueryKeys.all, [...branchesLoansQueryKeys.lists(), variables.branchId] as const, branchesLoansQueryKeys.detail(variables.branchId, variables.loanId)] as const,',
    );
  });

  it('multipart and form-urlencoded request bodies', () => {
    const upload = src('3.0-operations', 'shared/api/generated/documents/documents.client.ts');
    expect(upload).toContain("bodyType: 'multipart',");
    expect(src('3.0-operations', 'shared/api/generated/documents/documents.types.ts')).toContain(
      'export type CreateDocumentPayload = {\n  file: Blob;\n  title?: string;\n  pages?: number;\n};',
    );
    const token = src('3.0-operations', 'shared/api/generated/oauthToken/oauthToken.client.ts');
    expect(token).toContain("bodyType: 'form',\n      mediaType: 'application/x-www-form-urlencoded',");
    expect(src('3.0-operations', 'shared/api/generated/oauthToken/oauthToken.types.ts')).toContain(
      "export type IssueTokenPayload = {\n  grant_type: 'client_credentials' | 'refresh_token';\n  scope?: string;\n};",
    );
  });

  it('binary upload (octet-stream) and download', () => {
    expect(src('3.0-operations', 'shared/api/generated/documentsContent/documentsContent.client.ts')).toContain(
      "body: payload,\n      bodyType: 'binary',\n      mediaType: 'application/octet-stream',\n      responseType: 'none',",
    );
    expect(src('3.0-operations', 'shared/api/generated/documentsContent/documentsContent.types.ts')).toContain('export type PutDocumentContentPayload = Blob;');
    // The binary GET on the same path is part of the same resource.
    const download = src('3.0-operations', 'shared/api/generated/documentsContent/documentsContent.client.ts');
    expect(download).toContain('downloadDocumentContent<O extends CallOptions = RequestOptions>(documentId: string, params?: DownloadDocumentContentParams, options?: O): Promise<CallResult<DownloadDocumentContentResponse, O>> {');
    expect(download).toContain("headers: { Range: params?.Range },\n      accept: 'application/octet-stream',\n      responseType: 'blob',");
    expect(src('3.0-operations', 'shared/api/generated/documentsContent/documentsContent.types.ts')).toContain('export type DownloadDocumentContentResponse = Blob;');
  });

  it('204, 202 and HEAD responses without a body are void; a default-only response is the success type', () => {
    const loans = src('3.0-operations', 'shared/api/generated/branchesLoans/branchesLoans.types.ts');
    expect(loans).toContain('export type DeleteLoanResponse = void;');
    expect(loans).toContain('export type DeleteLoanErrorBody = Schemas.Problem;');
    expect(src('3.0-operations', 'shared/api/generated/loansRenew/loansRenew.types.ts')).toContain('export type RenewLoanResponse = void;');
    expect(src('3.0-operations', 'shared/api/generated/jobs/jobs.types.ts')).toContain('export type StartJobResponse = void;');
    const ping = src('3.0-operations', 'shared/api/generated/ping/ping.types.ts');
    expect(ping).toContain('export type PingResponse = {\n  ok?: boolean;\n};');
    expect(ping).toContain('export type HeadPingResponse = void;');
    expect(src('3.0-operations', 'shared/api/generated/ping/ping.client.ts')).toContain("method: 'HEAD',\n      path: '/ping',\n      responseType: 'none',");
  });

  it('header and cookie parameters, required ones making params required', () => {
    const client = src('3.0-operations', 'shared/api/generated/reports/reports.client.ts');
    expect(client).toContain('getReport<O extends CallOptions = RequestOptions>(reportId: string, params: GetReportParams, options?: O): Promise<CallResult<GetReportResponse, O>> {');
    expect(client).toContain("headers: { 'X-Tenant': params?.['X-Tenant'] },\n      cookies: { session: params?.session, preview: params?.preview },");
    expect(src('3.0-operations', 'shared/api/generated/reports/reports.types.ts')).toContain(
      "export interface GetReportParams {\n  'X-Tenant': string;\n  session?: string;\n  preview?: boolean;\n}",
    );
    expect(src('3.0-operations', 'shared/api/generated/jobs/jobs.client.ts')).toContain('startJob<O extends CallOptions = RequestOptions>(params: StartJobParams, options?: O): Promise<CallResult<StartJobResponse, O>> {');
  });

  it('several success media types: the JSON one is read, so the operation is a plain read, not a download', () => {
    expect(src('3.0-operations', 'shared/api/generated/reports/reports.client.ts')).toContain("responseType: 'json',");
    expect(src('3.0-operations', 'shared/api/generated/reports/reports.types.ts')).toContain('export type GetReportResponse = Schemas.Report;');
    expect(src('3.0-operations', 'shared/api/generated/exports/exports.client.ts')).toContain("responseType: 'text',");
  });
});

describe('determinism', () => {
  /** Every file under a folder: relative path → contents. */
  const tree = (dir: string) => new Map(listFiles(dir).map((f) => [path.relative(dir, f), read(f)] as const));

  /**
   * A copy of a value with every object's keys in reverse order (arrays keep their order), except the keys of a
   * schema's `properties` map when `keepProperties` is true: property order is the contract's declaration order,
   * which the output follows on purpose.
   */
  const reverseKeys = (value: unknown, keepProperties = true, keepThis = false): unknown => {
    if (Array.isArray(value)) return value.map((v) => reverseKeys(v, keepProperties));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    const keys = Object.keys(value);
    for (const key of keepThis ? keys : keys.reverse()) {
      const child = reverseKeys((value as Record<string, unknown>)[key], keepProperties, keepProperties && !keepThis && key === 'properties');
      Object.defineProperty(out, key, { value: child, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };

  it.each(['3.0/naming.yaml', '3.0/composition.yaml', '3.0/operations.yaml', '3.1/features.yaml'])(
    '%s: generating twice gives byte-identical output',
    (contract) => {
      const name = `det-${contract.replace(/[^a-z0-9]+/gi, '-')}`;
      const a = generate(`${name}-a`, fixture(contract));
      const b = generate(`${name}-b`, fixture(contract));
      expect([a.run.status, b.run.status]).toEqual([0, 0]);
      expect(tree(a.outDir).size).toBeGreaterThan(1);
      expect(tree(b.outDir)).toEqual(tree(a.outDir));
    },
  );

  it.each(['3.0/naming.yaml', '3.0/composition.yaml', '3.0/operations.yaml', '3.1/features.yaml'])(
    '%s: a copy with paths, components and every other key but property names reversed gives byte-identical output',
    (contract) => {
      const name = `reorder-${contract.replace(/[^a-z0-9]+/gi, '-')}`;
      const original = parseDocumentText(read(fixture(contract)), contract);
      const reversed = reverseKeys(original) as Record<string, unknown>;
      expect(Object.keys(reversed)).toEqual(Object.keys(original as object).reverse());
      expect(Object.keys(reversed['paths'] as object)).toEqual(Object.keys((original as { paths: object }).paths).reverse());
      expect(reversed).toEqual(original);
      const srcDir = outDirOf(`${name}-src`);
      rmSync(srcDir, { recursive: true, force: true });
      mkdirSync(srcDir, { recursive: true });
      const copy = path.join(srcDir, path.basename(contract));
      const originalCopy = path.join(srcDir, `original-${path.basename(contract)}`);
      // Same file name and folder depth for both, so nothing but the key order differs.
      copyFileSync(fixture(contract), originalCopy);
      writeFileSync(copy, `${JSON.stringify(reversed, null, 2)}\n`);
      const a = generate(`${name}-a`, originalCopy);
      const b = generate(`${name}-b`, copy);
      expect([a.run.status, b.run.status]).toEqual([0, 0]);
      expect(tree(b.outDir)).toEqual(tree(a.outDir));
      expect(b.json?.diagnostics).toEqual(a.json?.diagnostics);
    },
  );

  it('reversing the properties of a schema reverses them in the types, and nothing else changes', () => {
    const contract = '3.0/naming.yaml';
    const original = parseDocumentText(read(fixture(contract)), contract) as Record<string, unknown>;
    const flipped = structuredClone(original) as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    const [key, schema] = Object.entries(flipped.components.schemas).find(([, s]) => Object.keys(s.properties ?? {}).length > 2) ?? [];
    expect(key).toBeDefined();
    const names = Object.keys(schema?.properties ?? {});
    if (schema?.properties) schema.properties = Object.fromEntries(Object.entries(schema.properties).reverse());
    const srcDir = outDirOf('reorder-props-src');
    rmSync(srcDir, { recursive: true, force: true });
    mkdirSync(srcDir, { recursive: true });
    writeFileSync(path.join(srcDir, 'a.json'), JSON.stringify(original));
    writeFileSync(path.join(srcDir, 'b.json'), JSON.stringify(flipped));
    const a = generate('reorder-props-a', path.join(srcDir, 'a.json'));
    const b = generate('reorder-props-b', path.join(srcDir, 'b.json'));
    expect([a.run.status, b.run.status]).toEqual([0, 0]);
    const [ta, tb] = [tree(a.outDir), tree(b.outDir)];
    const changed = [...ta.keys()].filter((f) => ta.get(f) !== tb.get(f));
    expect(changed.length).toBeGreaterThan(0);
    expect([...tb.keys()].sort()).toEqual([...ta.keys()].sort());
    // Every changed file holds the same lines, reordered.
    for (const f of changed) expect((tb.get(f) ?? '').split('\n').sort()).toEqual((ta.get(f) ?? '').split('\n').sort());
    expect(names.length).toBeGreaterThan(2);
  });
});

describe('directory classes: the classes of type error found on the APIs.guru directory', () => {
  it('a schema or an entity named like a global type the module uses gets `Type` appended; Error and Response stay', () => {
    const c = src('3.0-directory-classes', 'shared/api/generated/components.types.ts');
    for (const name of ['RecordType', 'PromiseType', 'BlobType', 'Error', 'Response']) expect(c).toMatch(new RegExp(`^export type ${name} = \\{`, 'm'));
    expect(c).not.toMatch(/^export type (Record|Promise|Blob) /m);
    const t = src('3.0-directory-classes', 'shared/api/generated/records/records.types.ts');
    expect(t).toContain('export type RecordType = Schemas.RecordType;');
    expect(t).toContain('export type DeleteRecordResponse = Record<string, unknown>;');
    expect(t).toContain('export type UpdateRecordPayload = Blob;');
  });

  it('boolean and array path parameters are key parts of their own type beside string | number, in keys and hooks alike', () => {
    const keys = src('3.0-directory-classes', 'shared/api/generated/counts/counts.query-keys.ts');
    expect(keys).toContain('detail: (term: string | number, includeChildren: string | number | boolean) =>');
    expect(g('features/counts/api/useCountQuery.ts')).toContain('includeChildren as string | number | boolean');
    const tags = src('3.0-directory-classes', 'shared/api/generated/tagsSummary/tagsSummary.query-keys.ts');
    expect(tags).toContain('(ids: string | number | string[]');
    const hook = g('features/tagsSummary/api/useTagSummaryQuery.ts');
    expect(hook).toContain('ids as string | number | string[]');
  });

  it('a paginated list whose response has only a header gets no infinite query options (no page body), and imports every type it names', () => {
    const hook = g('features/custompages/api/useCustompagesQuery.ts');
    expect(hook).not.toContain('InfiniteData');
    expect(hook).toContain('.then(() => null)');
    const imported = new Set([...hook.matchAll(/type (\w+)/g)].map((m) => m[1]));
    const named = [...hook.matchAll(/\b(ListCustompages\w+)\b/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(imported).toContain(name);
  });

  it('a path parameter the template names twice is one argument and one path parameter', () => {
    const client = g('shared/api/generated/fabricLocationsResults/fabricLocationsResults.client.ts');
    expect(client).toContain('getResult<O extends CallOptions = RequestOptions>(location: string, resultId: string, options?: O)');
    expect(client).toContain('pathParams: { location: location, resultId: resultId },');
  });

  it('items without type beside a oneOf of an object and an array constrains the array variant only', () => {
    const c = src('3.0-directory-classes', 'shared/api/generated/components.types.ts');
    expect(c).toContain('fields?: (Record<string, unknown> | Array<Record<string, unknown>>) | null;');
  });

  it('an allOf giving array items disjoint enums: the items are typed as the contract says, and the mock sends no item', () => {
    expect(g('shared/api/generated/components.types.ts')).toContain("bounce_type: 'bounced' | 'blocked' | 'expired';");
    expect(g('shared/api/generated/messages/messages.types.ts')).toContain("bounce_type: 'soft' | 'hard';");
    const fixtures = g('shared/mocks/messages/messages.fixtures.ts');
    expect(fixtures).toMatch(/\{ events: \[\], msg_id: '\w+' \}/);
    expect(fixtures).not.toContain('bounce_type');
  });

  it('an example lacking a required property under an allOf member with additionalProperties: true is completed', () => {
    const fixtures = g('shared/mocks/accounts/accounts.fixtures.ts');
    expect(fixtures).toContain("balances: { available: 43200, current: 43200, iso_currency_code: 'USD', limit: 1.5 },");
  });
});

/** A generated file of the directory classes fixture, by its path under `src/`. */
function g(relative: string): string {
  return src('3.0-directory-classes', relative);
}

describe('OpenAPI 3.2: query, itemSchema streams, additionalOperations', () => {
  it('check after generate: drift 0 and no error (the no-change cache off, so the whole pipeline runs)', () => {
    const g = generated('3.2-features');
    const r = runCli(['check', fixture('3.2/features.yaml'), '--output', g.outDir, '--json', '--no-cache']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { drift: number; diagnostics: number; ok: boolean; files: number };
    expect({ drift: out.drift, ok: out.ok, files: out.files }).toEqual({ drift: 0, ok: true, files: g.json?.files.length });
  });

  it('QUERY operations get query options whose key holds the request body; LINK gets a mutation', () => {
    const q = src('3.2-features', 'features/products/api/useQueryProductsQuery.ts');
    expect(q).toContain("queryKey: [...productsQueryKeys.all, 'queryProducts', payload] as const");
    expect(q).toContain('queryFn: ({ signal }: { signal: AbortSignal }) => productsClient.queryProducts(payload, { signal }),');
    expect(src('3.2-features', 'features/products/api/useLinkProductMutation.ts')).toContain('linkProductMutationOptions');
  });

  it('each itemSchema stream is a client method resolving to AsyncIterable<Item>', () => {
    expect(src('3.2-features', 'shared/api/generated/priceChanges/priceChanges.client.ts')).toContain(
      'streamPriceChangesStream<O extends CallOptions = RequestOptions>(options?: O): Promise<CallResult<AsyncIterable<StreamPriceChangesStreamItem>, O>> {',
    );
  });

  it('the mocks answer QUERY and LINK with handlers limited to their method', () => {
    const h = src('3.2-features', 'shared/mocks/products/products.handlers.ts');
    expect(h).toContain("method: 'all', verb: 'QUERY', path: '/products'");
    expect(h).toContain("linkProduct: { method: 'all', verb: 'LINK', path: '/products/:productId'");
  });
});
