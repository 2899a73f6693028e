// The coverage table: generated zod AND valibot schemas accept valid values and reject invalid ones, per
// format and constraint (formats, enums, const, nullable in the 3.0 and 3.1 forms, min/max, lengths, pattern,
// multipleOf, uniqueItems, readOnly/writeOnly per direction, additionalProperties, property counts, recursion,
// allOf, oneOf with a discriminator, anyOf).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { validatorNaming } from '@reslayer/plugin-validators/naming';
import { generateLayer, importModule, issuesOf, LIBRARIES, TEST_DIR } from './helpers.js';

const UUID = '00000000-0000-4000-8000-000000000001';
const FORMATS = { uuid: UUID, email: 'ada@example.test', date: '2024-02-29', dateTime: '2024-01-01T00:00:00.000Z', uri: 'https://example.test/x', ipv4: '192.168.0.1', ipv6: '::1', other: 'not checked' };
const with_ = (base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> => ({ ...base, ...patch });

/** `[schema constant, what, value, valid]`. */
type Row = [string, string, unknown, boolean];

const ROWS_31: Row[] = [
  ['FormatsSchema', 'every format valid', FORMATS, true],
  ['FormatsSchema', 'date-time with an offset', with_(FORMATS, { dateTime: '2024-01-01T10:00:00+02:00' }), true],
  ['FormatsSchema', 'uuid: not a uuid', with_(FORMATS, { uuid: 'not-a-uuid' }), false],
  ['FormatsSchema', 'email: no domain', with_(FORMATS, { email: 'ada' }), false],
  ['FormatsSchema', 'date: month 13', with_(FORMATS, { date: '2024-13-01' }), false],
  ['FormatsSchema', 'date: a date-time', with_(FORMATS, { date: '2024-01-01T00:00:00Z' }), false],
  ['FormatsSchema', 'date-time: a date', with_(FORMATS, { dateTime: '2024-01-01' }), false],
  ['FormatsSchema', 'date-time: no offset', with_(FORMATS, { dateTime: '2024-01-01T00:00:00' }), false],
  ['FormatsSchema', 'uri: relative', with_(FORMATS, { uri: '/relative/path' }), false],
  ['FormatsSchema', 'ipv4: octet 999', with_(FORMATS, { ipv4: '999.1.1.1' }), false],
  ['FormatsSchema', 'ipv6: two ::', with_(FORMATS, { ipv6: '1::2::3' }), false],
  ['FormatsSchema', 'a number for a string', with_(FORMATS, { email: 42 }), false],
  ['ConstraintsSchema', 'every constraint met', { short: 'ab', code: 'ABC', count: 10, ratio: 0.5, step: 1.5, tens: 20, tags: ['a', 'b'], kind: 'a', level: 2, fixed: 'x', maybe: null, meta: { a: 1 }, limited: { a: 1 }, extra: { known: 'k', flag: true } }, true],
  ['ConstraintsSchema', 'minLength', { short: 'a' }, false],
  ['ConstraintsSchema', 'maxLength', { short: 'abcde' }, false],
  ['ConstraintsSchema', 'pattern', { code: 'abc' }, false],
  ['ConstraintsSchema', 'minimum', { count: 0 }, false],
  ['ConstraintsSchema', 'maximum', { count: 11 }, false],
  ['ConstraintsSchema', 'integer', { count: 1.5 }, false],
  ['ConstraintsSchema', 'exclusiveMinimum', { ratio: 0 }, false],
  ['ConstraintsSchema', 'exclusiveMaximum', { ratio: 1 }, false],
  ['ConstraintsSchema', 'multipleOf 0.5', { step: 0.7 }, false],
  ['ConstraintsSchema', 'multipleOf 10', { tens: 15 }, false],
  ['ConstraintsSchema', 'minItems', { tags: [] }, false],
  ['ConstraintsSchema', 'maxItems', { tags: ['a', 'b', 'c', 'd'] }, false],
  ['ConstraintsSchema', 'uniqueItems', { tags: ['a', 'a'] }, false],
  ['ConstraintsSchema', 'prefixItems: the required first item alone', { pair: ['a'] }, true],
  ['ConstraintsSchema', 'prefixItems: both prefix items and rest items', { pair: ['a', 1, true, false] }, true],
  ['ConstraintsSchema', 'prefixItems: below minItems', { pair: [] }, false],
  ['ConstraintsSchema', 'prefixItems: a prefix item of the wrong type', { pair: ['a', 'b'] }, false],
  ['ConstraintsSchema', 'prefixItems: a rest item of the wrong type', { pair: ['a', 1, 'x'] }, false],
  ['ConstraintsSchema', 'prefixItems with items: false: shorter is fine', { closed: ['a'] }, true],
  ['ConstraintsSchema', 'prefixItems with items: false: no item beyond the prefix', { closed: ['a', 1, 2] }, false],
  ['ConstraintsSchema', 'string enum', { kind: 'c' }, false],
  ['ConstraintsSchema', 'integer enum', { level: 4 }, false],
  ['ConstraintsSchema', 'const', { fixed: 'y' }, false],
  ['ConstraintsSchema', '3.1 type [string, null]: a string', { maybe: 'text' }, true],
  ['ConstraintsSchema', '3.1 type [string, null]: a number', { maybe: 5 }, false],
  ['ConstraintsSchema', 'additionalProperties schema', { meta: { a: 'x' } }, false],
  ['ConstraintsSchema', 'additionalProperties with properties', { extra: { known: 'k', other: 'not a boolean' } }, false],
  ['ConstraintsSchema', 'minProperties', { limited: {} }, false],
  ['ConstraintsSchema', 'maxProperties', { limited: { a: 1, b: 2, c: 3 } }, false],
  ['ConstraintsSchema', 'unknown properties are allowed', { whatever: 1 }, true],
  ['ThingSchema', 'response: readOnly id present, writeOnly secret absent', { id: UUID, name: 'n' }, true],
  ['ThingSchema', 'response: required readOnly id missing', { name: 'n' }, false],
  ['ThingWritableSchema', 'request: readOnly id absent, writeOnly secret present', { name: 'n', secret: 'long enough' }, true],
  ['ThingWritableSchema', 'request: required writeOnly secret missing', { name: 'n' }, false],
  ['ThingWritableSchema', 'request: writeOnly secret too short', { name: 'n', secret: 'short' }, false],
  ['ThingSchema', 'nested: an invalid format two levels down', { id: UUID, name: 'n', formats: { email: 'x' } }, false],
  ['BothSchema', 'allOf: both members', { a: 'x', b: 1 }, true],
  ['BothSchema', 'allOf: second member missing', { a: 'x' }, false],
  ['PetSchema', 'discriminated: a cat', { petType: 'cat', name: 'Tom', lives: 3 }, true],
  ['PetSchema', 'discriminated: a dog', { petType: 'dog', name: 'Rex', bark: true }, true],
  ['PetSchema', 'discriminated: unknown value', { petType: 'cow', name: 'x', lives: 1 }, false],
  ['PetSchema', 'discriminated: cat breaking its own constraint', { petType: 'cat', name: 'Tom', lives: 10 }, false],
  ['PetSchema', 'discriminated: a dog shaped like a cat', { petType: 'dog', name: 'Rex', lives: 3 }, false],
  ['TreeNodeSchema', 'recursive: three levels', { value: 'a', children: [{ value: 'b', children: [{ value: 'c' }] }] }, true],
  ['TreeNodeSchema', 'recursive: invalid third level', { value: 'a', children: [{ value: 'b', children: [{ value: 3 }] }] }, false],
  ['ListShapesResponseSchema', 'anyOf: both variants', [{ radius: 1 }, { side: 2 }], true],
  ['ListShapesResponseSchema', 'anyOf: no variant matches', [{ side: -1 }], false],
];

const ROWS_30: Row[] = [
  ['NoteSchema', 'nullable: null for every nullable field', { id: 'n1', title: null, status: null, score: null, parent: null }, true],
  ['NoteSchema', 'nullable: values', { id: 'n1', title: 'abc', status: 'open', score: 1, parent: { id: 'n0', title: null, status: 'closed' } }, true],
  ['NoteSchema', 'nullable: maxLength still applies', { id: 'n1', title: 'too long', status: 'open' }, false],
  ['NoteSchema', 'nullable enum: other value', { id: 'n1', title: null, status: 'other' }, false],
  ['NoteSchema', '3.0 exclusiveMinimum: true', { id: 'n1', title: null, status: null, score: 0 }, false],
  ['NoteSchema', 'required nullable field missing', { id: 'n1', status: null }, false],
];

describe.each(LIBRARIES)('coverage table (%s)', (library) => {
  let v31: Record<string, unknown>;
  let v30: Record<string, unknown>;
  let r31: Record<string, unknown>;
  let componentsText: string;

  beforeAll(async () => {
    const a = await generateLayer(`coverage-31-${library}`, path.join(TEST_DIR, 'fixtures/coverage-31.yaml'), { library }, { mocks: false });
    const b = await generateLayer(`coverage-30-${library}`, path.join(TEST_DIR, 'fixtures/coverage-30.yaml'), { library }, { mocks: false });
    componentsText = readFileSync(path.join(a.srcDir, validatorNaming.componentsFile()), 'utf8');
    v31 = await importModule(path.join(a.srcDir, validatorNaming.componentsFile()));
    r31 = { ...(await importModule(path.join(a.srcDir, validatorNaming.schemasFile({ resource: 'shapes' })))), ...(await importModule(path.join(a.srcDir, validatorNaming.schemasFile({ resource: 'things' })))) };
    v30 = await importModule(path.join(b.srcDir, validatorNaming.componentsFile()));
  });

  const table = [...ROWS_31.map((r) => ['3.1', ...r] as const), ...ROWS_30.map((r) => ['3.0', ...r] as const)];
  it.each(table)('%s %s: %s → valid %p', async (version, name, _what, value, valid) => {
    const schema = (version === '3.0' ? v30 : { ...v31, ...r31 })[name];
    expect(schema).toBeDefined();
    const issues = await issuesOf(schema, value);
    if (valid) expect(issues).toEqual([]);
    else expect(issues.length).toBeGreaterThan(0);
  });

  it('uses the library’s discriminated union and lazy references', () => {
    expect(componentsText).toContain(library === 'zod' ? "z.discriminatedUnion('petType'" : "v.variant('petType'");
    expect(componentsText).toContain(library === 'zod' ? 'z.lazy(() => TreeNodeSchema)' : 'v.lazy(() => TreeNodeSchema)');
  });

  it('checks the header and query parameters of an operation as its params object', async () => {
    const params = r31['ListThingsParamsSchema'];
    expect(await issuesOf(params, { page: 1, kind: 'a', 'X-Trace': UUID })).toEqual([]);
    expect((await issuesOf(params, { page: 0, 'X-Trace': UUID })).length).toBeGreaterThan(0);
    expect((await issuesOf(params, { page: 1 })).length).toBeGreaterThan(0);
    expect(clientNaming.paramsType({ name: 'listThings' })).toBe('ListThingsParams');
  });

  it('reports the table size', () => {
    console.log(`plugin-validators coverage (${library}): ${table.length} rows, ${table.filter((r) => r[4]).length} valid, ${table.filter((r) => !r[4]).length} invalid`);
  });
});
