import type { NamedSchema, RefSchema, SchemaNode, StringSchema } from '@reslayer/core';
import { createApiModel, createSchema } from '@reslayer/core/host';
import type { SchemaTypeNames } from '@reslayer/core';
import type { FixtureDecl } from '../src/plan/mockPlan.js';
import { sampleSchema } from '../src/values/sampleSchema.js';
import { SharedSamples } from '../src/values/SharedSamples.js';

type Init = SchemaNode extends infer T ? (T extends SchemaNode ? Omit<T, 'pointer'> : never) : never;
const s = (node: Init): SchemaNode => createSchema<SchemaNode>(node as Omit<SchemaNode, 'pointer'>);
const str = (rest: Partial<Omit<StringSchema, 'kind' | 'pointer'>> = {}) => s({ kind: 'string', ...rest });
const ref = (target: string, rest: Partial<Omit<RefSchema, 'kind' | 'pointer' | 'target'>> = {}) => s({ kind: 'ref', target, ...rest });
const obj = (properties: Array<[string, SchemaNode]>) => s({ kind: 'object', properties: properties.map(([name, schema]) => ({ name, schema, required: true })) });
const named = (name: string, schema: SchemaNode): [string, NamedSchema] => [name, { kind: 'named-schema', name, typeName: name, schema, pointer: `#/components/schemas/${name}` }];

const schemas = new Map([
  named('User', obj([['login', str({ example: 'octocat' })], ['url', str({ example: 'https://api.example.test/users/octocat' })]])),
  named('Post', obj([['author', ref('User')], ['title', str({ example: 'Hello, world: a long enough title' })]])),
  named('Cat', obj([['kind', str()], ['name', str({ example: 'Tom, the cat with a long enough name' })]])),
]);
const names = { byName: schemas, writable: new Map(), cut: new Set(), cuts: [], typeName: (target: string) => target } as unknown as SchemaTypeNames;
/** The named schema of each sampled value (the run's `SampleScope.origins`). */
let origins = new WeakMap<object, string>();
const fixture = (name: string, schema: SchemaNode, exact = true): FixtureDecl => ({ name, type: `${name}Type`, value: sampleSchema(schema, { schemas, origins }).value, doc: '', exact });
const sampleOrigin = (value: unknown) => (value !== null && typeof value === 'object' ? origins.get(value) : undefined);
beforeEach(() => {
  origins = new WeakMap();
});

/** Runs both passes over the same fixtures (the plugin re-plans; these values are deterministic, so re-sampling is the same). */
function share(build: () => FixtureDecl[]): { printed: Map<string, string>; module: string | undefined; used: Set<string> } {
  const shared = new SharedSamples(names, origins);
  shared.count(build());
  shared.decide();
  const fixtures = build();
  const used = new Set<string>();
  const resolve = shared.resolver(fixtures, used);
  const printed = new Map(fixtures.map((f) => [f.name, (f.value !== null && typeof f.value === 'object' && resolve?.(f.value)) || '(inline)']));
  return { printed, module: shared.emit(createApiModel({ schemas: [...schemas.values()] })), used };
}

describe('SharedSamples (one constant per sample several fixtures contain)', () => {
  it('tags a sample where the client types it as the named schema, not a copy made for a discriminator', () => {
    const post = sampleSchema(ref('Post'), { schemas, origins }).value as { author: object };
    expect(sampleOrigin(post)).toBe('Post');
    expect(sampleOrigin(post.author)).toBe('User');
    const union = s({ kind: 'union', source: 'oneOf', variants: [ref('Cat')], discriminator: { propertyName: 'kind', mapping: [{ value: 'cat', variant: 0 }] } });
    const cat = sampleSchema(union, { schemas, origins }).value;
    expect(cat).toMatchObject({ kind: 'cat' });
    expect(sampleOrigin(cat)).toBeUndefined();
  });

  it('records origins only in the map the sampling is given (no module-level state)', () => {
    const other = new WeakMap<object, string>();
    const post = sampleSchema(ref('Post'), { schemas, origins: other }).value as object;
    expect(other.get(post)).toBe('Post');
    expect(sampleOrigin(post)).toBeUndefined();
    const untracked = sampleSchema(ref('Post'), { schemas }).value as object;
    expect(sampleOrigin(untracked)).toBeUndefined();
    expect(other.get(untracked)).toBeUndefined();
  });

  it('shares a value used twice, declares what it contains first, and leaves values used once inline', () => {
    const { printed, module, used } = share(() => [fixture('getPost', ref('Post')), fixture('updatePost', ref('Post')), fixture('getUser', ref('User')), fixture('getCat', ref('Cat'))]);
    expect(Object.fromEntries(printed)).toEqual({ getPost: 'postSample1', updatePost: 'postSample1', getUser: 'userSample1', getCat: '(inline)' });
    expect([...used].sort()).toEqual(['postSample1', 'userSample1']);
    expect(module).toContain("import type * as Schemas from '../api/generated/components.types.js';");
    const user = module?.indexOf('export const userSample1: Schemas.User = {') ?? -1;
    const post = module?.indexOf('export const postSample1: Schemas.Post = {') ?? -1;
    expect(user).toBeGreaterThan(0);
    expect(post).toBeGreaterThan(user);
    expect(module).toContain('  author: userSample1,');
    expect(module).toContain('A sample of the `Post` schema, used 2 times.');
  });

  it('keeps a value inline when it appears once in the output, even inside a shared one', () => {
    const { printed, module } = share(() => [fixture('getPost', ref('Post')), fixture('updatePost', ref('Post'))]);
    expect(Object.fromEntries(printed)).toEqual({ getPost: 'postSample1', updatePost: 'postSample1' });
    expect(module).not.toContain('userSample1');
    expect(module).toContain("author: { login: 'octocat', url: 'https://api.example.test/users/octocat' },");
  });

  it('shares nothing from an inexact fixture (cast as a whole), and emits no module without a shared value', () => {
    const { printed, module } = share(() => [fixture('getPost', ref('Post'), false), fixture('updatePost', ref('Post'))]);
    expect(Object.fromEntries(printed)).toEqual({ getPost: '(inline)', updatePost: '(inline)' });
    expect(module).toBeUndefined();
  });
});
