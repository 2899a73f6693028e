// Schema features of the fixture contracts through the built CLI (`pnpm build` first): OpenAPI 3.1 and 3.2,
// composition (unions, intersections, discriminators, recursion, maps). See fixtures.test.ts.
import path from 'node:path';
import { runCli } from './helpers/cli.js';
import { fixture } from './helpers/paths.js';
import { generated, src } from './helpers/fixtureCases.js';

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
