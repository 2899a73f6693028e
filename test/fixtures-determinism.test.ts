// The fixture contracts through the built CLI (`pnpm build` first): determinism, and the classes of type
// error found on the APIs.guru directory. See fixtures.test.ts.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocumentText } from '@reslayer/core';
import { generate, listFiles, outDirOf } from './helpers/cli.js';
import { fixture } from './helpers/paths.js';
import { read, src } from './helpers/fixtureCases.js';

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


/** A generated file of the directory classes fixture, by its path under `src/`. */
function g(relative: string): string {
  return src('3.0-directory-classes', relative);
}

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
