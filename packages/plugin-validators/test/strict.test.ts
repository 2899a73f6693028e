// Table: strict objects (`additionalProperties: false`, alone, referenced, nested, inside `allOf` and discriminated
// unions, per direction), rest schemas, and every checked string format, for the generated zod AND valibot schemas.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidatorLibrary } from '@reslayer/plugin-validators';
import { validatorNaming } from '@reslayer/plugin-validators/naming';
import { generateLayer, importModule, issuesOf, LIBRARIES, TEST_DIR } from './helpers.js';

const UUID = '00000000-0000-4000-8000-000000000001';

/** `[schema constant, what, value, valid]`; valid per library where the two differ. */
type Row = [string, string, unknown, boolean | Record<ValidatorLibrary, boolean>];

const STRICT: Row[] = [
  ['AccountSchema', 'response: the listed properties', { id: UUID, name: 'n' }, true],
  ['AccountSchema', 'response: an unknown property', { id: UUID, name: 'n', role: 'admin' }, false],
  ['AccountSchema', 'response: a writeOnly property the contract lists', { id: UUID, name: 'n', password: 'p' }, true],
  ['AccountWritableSchema', 'request: the listed properties', { name: 'n', password: 'p' }, true],
  ['AccountWritableSchema', 'request: an unknown property', { name: 'n', role: 'admin' }, false],
  ['AccountWritableSchema', 'request: a readOnly property the contract lists (an object read, sent back)', { id: UUID, name: 'n' }, true],
  ['CreateAccountPayloadSchema', 'operation body: an unknown property', { name: 'n', role: 'admin' }, false],
  ['CreateAccountResponseSchema', 'operation response: an unknown property', { id: UUID, name: 'n', role: 'admin' }, false],
  ['BaseSchema', 'closed object', { a: 'x' }, true],
  ['BaseSchema', 'closed object: an unknown property', { a: 'x', b: 1 }, false],
  ['ExtendedSchema', 'allOf with a closed $ref member: the other member’s properties', { a: 'x', b: 1 }, true],
  ['ExtendedSchema', 'allOf with a closed $ref member: the other member still checked', { a: 'x', b: 'one' }, false],
  ['ExtendedSchema', 'allOf with a closed $ref member: the closed member still checked', { b: 1 }, false],
  ['ExtendedSchema', 'allOf: a property holding the closed schema is a new value, strict', { a: 'x', b: 1, child: { a: 'y', z: 1 } }, false],
  ['ExtendedSchema', 'allOf: a property holding the closed schema, valid', { a: 'x', b: 1, child: { a: 'y' } }, true],
  ['InlineClosedSchema', 'allOf with an inline closed member: the other member’s properties', { a: 'x', b: 1 }, true],
  ['HolderSchema', 'nested closed objects', { inner: { a: 'x' }, list: [{ a: 'y' }], counts: { k: 1 } }, true],
  ['HolderSchema', 'nested closed object: an unknown property', { inner: { a: 'x', extra: true } }, false],
  ['HolderSchema', 'closed object in an array: an unknown property', { list: [{ a: 'y', extra: true }] }, false],
  ['HolderSchema', 'additionalProperties schema without properties', { counts: { k: 'one' } }, false],
  ['CatchallSchema', 'additionalProperties schema beside properties: matching', { known: 'k', flag: true }, true],
  ['CatchallSchema', 'additionalProperties schema beside properties: not matching', { known: 'k', flag: 'yes' }, false],
  ['PetSchema', 'discriminated closed variants: a cat', { kind: 'cat', lives: 3 }, true],
  ['PetSchema', 'discriminated closed variants: an unknown property', { kind: 'cat', lives: 3, bark: true }, false],
  ['AnimalSchema', 'union of closed objects: an unknown property', { kind: 'dog', bark: true, name: 'Rex' }, false],
  ['NamedAnimalSchema', 'allOf of a union of closed objects and more properties', { kind: 'dog', bark: true, name: 'Rex' }, true],
  ['NamedAnimalSchema', 'allOf of a union of closed objects: a variant still checked', { kind: 'dog', bark: 'loud', name: 'Rex' }, false],
];

const f = (patch: Record<string, unknown>): Record<string, unknown> => patch;
const FORMATS: Row[] = [
  ['FormatsSchema', 'uuid: version 4', f({ uuid: UUID }), true],
  ['FormatsSchema', 'uuid: the nil UUID', f({ uuid: '00000000-0000-0000-0000-000000000000' }), true],
  ['FormatsSchema', 'uuid: version 0, any variant (ids some APIs send)', f({ uuid: '12345678-1234-0234-1234-123456789abc' }), true],
  ['FormatsSchema', 'uuid: upper case', f({ uuid: 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11' }), true],
  ['FormatsSchema', 'uuid: a placeholder id', f({ uuid: 'id-1' }), false],
  ['FormatsSchema', 'uuid: no dashes', f({ uuid: '0000000000004000800000000000001' }), false],
  ['FormatsSchema', 'email', f({ email: 'user1@example.test' }), true],
  ['FormatsSchema', 'email: no domain', f({ email: 'user1' }), false],
  ['FormatsSchema', 'date', f({ date: '2024-02-29' }), true],
  ['FormatsSchema', 'date: month 13', f({ date: '2024-13-01' }), false],
  ['FormatsSchema', 'date-time: Z', f({ dateTime: '2024-01-01T00:00:00.000Z' }), true],
  ['FormatsSchema', 'date-time: offset', f({ dateTime: '2024-01-01T10:00:00+02:00' }), true],
  ['FormatsSchema', 'date-time: no offset', f({ dateTime: '2024-01-01T00:00:00' }), false],
  ['FormatsSchema', 'uri: absolute', f({ uri: 'https://example.test/1' }), true],
  ['FormatsSchema', 'uri: relative', f({ uri: '/resources/1' }), false],
  ['FormatsSchema', 'ipv4', f({ ipv4: '192.0.2.1' }), true],
  ['FormatsSchema', 'ipv4: octet 256', f({ ipv4: '192.0.2.256' }), false],
  ['FormatsSchema', 'ipv6', f({ ipv6: '2001:db8::1' }), true],
  ['FormatsSchema', 'ipv6: two ::', f({ ipv6: '1::2::3' }), false],
  ['FormatsSchema', 'hostname: a domain', f({ hostname: 'host1.example.test' }), true],
  ['FormatsSchema', 'hostname: localhost', f({ hostname: 'localhost' }), true],
  ['FormatsSchema', 'hostname: an underscore and a space (valibot has no hostname check)', f({ hostname: 'bad_host name' }), { zod: false, valibot: true }],
  ['FormatsSchema', 'time: RFC 3339 full-time (not checked: no library check takes the offset)', f({ time: '12:00:01Z' }), true],
  ['FormatsSchema', 'byte: not checked', f({ byte: 'not base64!' }), true],
];

describe.each(LIBRARIES)('strict objects and formats (%s)', (library) => {
  let schemas: Record<string, unknown>;
  let componentsText: string;

  beforeAll(async () => {
    const { srcDir } = await generateLayer(`strict-${library}`, path.join(TEST_DIR, 'fixtures/strict.yaml'), { library }, { mocks: false });
    componentsText = readFileSync(path.join(srcDir, validatorNaming.componentsFile()), 'utf8');
    schemas = {
      ...(await importModule(path.join(srcDir, validatorNaming.componentsFile()))),
      ...(await importModule(path.join(srcDir, validatorNaming.schemasFile({ resource: 'accounts' })))),
    };
  });

  it.each([...STRICT, ...FORMATS])('%s: %s', async (name, _what, value, valid) => {
    const schema = schemas[name];
    expect(schema).toBeDefined();
    const issues = await issuesOf(schema, value);
    if (typeof valid === 'boolean' ? valid : valid[library]) expect(issues).toEqual([]);
    else expect(issues.length).toBeGreaterThan(0);
  });

  it('prints the library’s strict object and the permissive uuid check', () => {
    expect(componentsText).toContain(library === 'zod' ? 'export const BaseSchema: z.core.$ZodType<T.Base> = z.strictObject(' : 'export const BaseSchema: v.GenericSchema<unknown, T.Base> = v.strictObject(');
    expect(componentsText).toContain(library === 'zod' ? 'z.guid()' : 'v.uuid()');
    expect(componentsText).not.toContain('z.uuid()');
  });
});
