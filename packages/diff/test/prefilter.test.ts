// The contract pre-filter (src/contract/prefilter.ts) must not change what compareContracts reports. Every
// pair below is compared with and without it and the change lists must be identical, order included: the
// pets contract with each change-code edit (also on top of shapes api-smart-diff reports even unchanged),
// document-level and component-only edits, the demo contract with the edits of demoAndCorpus.test.ts and
// more, and corpus contracts (fixtures/corpus, or RESLAYER_CORPUS).
import { readFileSync } from 'node:fs';
import { parseDocumentText } from '@reslayer/core';
import { loadContract } from '@reslayer/core/host';
import { corpusSpec } from '../../../test/helpers/corpus.js';
import { type ContractChange, compareContracts } from '../src/contract/compareContracts.js';
import { prefilterContracts } from '../src/contract/prefilter.js';
import { DEMO_CONTRACT } from './helpers.js';
import { type Doc, petsContract } from './petsContract.js';

/** Compares with and without the pre-filter, each on fresh copies (api-smart-diff rewrites what it crawls). */
function bothWays(before: Doc, after: Doc): ContractChange[] {
  const full = compareContracts(structuredClone(before), structuredClone(after), { prefilter: false });
  const filtered = compareContracts(structuredClone(before), structuredClone(after));
  expect(filtered).toStrictEqual(full);
  return full;
}

const pets = (d: Doc) => d['paths']['/pets'];
const item = (d: Doc) => d['paths']['/pets/{petId}'];
const photo = (d: Doc) => d['paths']['/pets/{petId}/photo'];
const schemas = (d: Doc) => d['components']['schemas'];

/** One edit per change code (as in changeCodes.test.ts), and a few more. */
const PET_EDITS: Record<string, (d: Doc) => void> = {
  'nothing changed': () => undefined,
  'operation removed': (d) => void delete item(d).delete,
  'operation added': (d) => void (item(d).put = { operationId: 'updatePet', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } } }, responses: { '200': { description: 'ok' } } }),
  'operation moved': (d) => { d['paths']['/pets/{petId}/picture'] = photo(d); delete d['paths']['/pets/{petId}/photo']; },
  'path parameter renamed': (d) => { d['paths']['/pets/{id}'] = item(d); delete d['paths']['/pets/{petId}']; },
  'operationId changed': (d) => void (pets(d).get.operationId = 'findPets'),
  'parameter removed': (d) => void pets(d).get.parameters.splice(0, 1),
  'required parameter added': (d) => void pets(d).get.parameters.push({ name: 'owner', in: 'query', required: true, schema: { type: 'string' } }),
  'parameter made required': (d) => void (pets(d).get.parameters[0].required = true),
  'shared parameter changed': (d) => void (d['components']['parameters'].PetId.schema = { type: 'integer' }),
  'request body made optional': (d) => void (pets(d).post.requestBody.required = false),
  'request property removed': (d) => void delete schemas(d).NewPet.properties.tag,
  'required request property added': (d) => { schemas(d).NewPet.properties.owner = { type: 'string' }; schemas(d).NewPet.required.push('owner'); },
  'response property removed': (d) => void delete schemas(d).Pet.properties.tag,
  'property now optional': (d) => void (schemas(d).Pet.required = ['id']),
  'type changed': (d) => void (schemas(d).Pet.properties.name = { type: 'integer', maxLength: 50, title: 'Name' }),
  'enum value removed': (d) => void schemas(d).PetStatus.enum.pop(),
  'enum value added': (d) => void schemas(d).PetStatus.enum.push('lost'),
  'constraint changed': (d) => void (schemas(d).Pet.properties.name.maxLength = 20),
  'media type removed': (d) => { const r = photo(d).get.responses['200']; r.content = { 'image/jpeg': r.content['image/png'] }; },
  'response added': (d) => void (pets(d).post.responses['409'] = { description: 'Conflict' }),
  'operation security added': (d) => void (item(d).get.security = [{ apiKey: [] }]),
  'security scheme changed': (d) => void (d['components'].securitySchemes.apiKey.name = 'X-Key'),
  'global security added': (d) => void (d['security'] = [{ apiKey: [] }]),
  'operation deprecated': (d) => void (item(d).get.deprecated = true),
  'summary changed': (d) => void (pets(d).get.summary = 'List all the pets'),
  'info changed': (d) => { d['info'].version = '2.0.0'; d['info'].description = 'Now with a description'; },
  'servers changed': (d) => void (d['servers'] = [{ url: 'https://pets.example.test/v2' }]),
  'tags and externalDocs added': (d) => { d['tags'] = [{ name: 'pets' }]; d['externalDocs'] = { url: 'https://docs.example.test' }; },
  'unreferenced schema added': (d) => void (schemas(d).Owner = { type: 'object', properties: { name: { type: 'string' } } }),
  'unreferenced schema changed': (d) => { schemas(d).Owner = { type: 'object' }; },
  'referenced schema removed': (d) => void delete schemas(d).PetStatus,
  'component example added': (d) => void (d['components'].examples = { Rex: { value: { id: '1', name: 'Rex' } } }),
  'Owner property added': (d) => void ((schemas(d).Owner ??= { type: 'object', properties: {} }).properties.email = { type: 'string' }),
  'readOnly added (catch-all)': (d) => void (schemas(d).Pet.properties.id.readOnly = true),
};

describe('pets contract: each edit gives the same changes with and without the pre-filter', () => {
  test.each(Object.keys(PET_EDITS))('%s', (name) => {
    const after = petsContract();
    (PET_EDITS[name] as (d: Doc) => void)(after);
    const changes = bothWays(petsContract(), after);
    if (name !== 'nothing changed') expect(changes.length).toBeGreaterThan(0);
  });
});

/**
 * Shapes api-smart-diff reports even when both documents hold them unchanged (its mappings pair entries by
 * first match), and a `$ref` component whose name prefixes another (its cycle check compares locations as
 * strings). Each is added to both documents; the pre-filter must keep them so the reports stay the same.
 */
const SHAPES: Record<string, { add: (d: Doc) => void; reportedUnchanged: boolean }> = {
  'two paths with one template': { add: (d) => void (d['paths']['/pets/{name}'] = { get: { operationId: 'petByName', responses: { '200': { description: 'ok' } } } }), reportedUnchanged: true },
  'a parameter at path and operation level': { add: (d) => void (item(d).get.parameters = [{ $ref: '#/components/parameters/PetId' }]), reportedUnchanged: true },
  'a wildcard media type': { add: (d) => void (photo(d).get.responses['200'].content['image/*'] = { schema: { type: 'string', format: 'binary' } }), reportedUnchanged: true },
  'a media type with parameters': { add: (d) => { const c = pets(d).get.responses['200'].content; c['application/json; charset=utf-8'] = c['application/json']; }, reportedUnchanged: true },
  'a duplicate tag': { add: (d) => void (pets(d).get.tags = ['pets', 'pets']), reportedUnchanged: true },
  'a duplicate scope': { add: (d) => void (pets(d).get.security = [{ apiKey: ['read', 'read'] }]), reportedUnchanged: true },
  'response codes equal but for case': { add: (d) => { pets(d).get.responses['4XX'] = { description: 'a' }; pets(d).get.responses['4xx'] = { description: 'b' }; }, reportedUnchanged: true },
  'a duplicate server variable value': { add: (d) => void (pets(d).get.servers = [{ url: 'https://{env}.example.test', variables: { env: { default: 'a', enum: ['a', 'a'] } } }]), reportedUnchanged: true },
  'a $ref with siblings': {
    add: (d) => {
      schemas(d).Owner = { type: 'object', properties: { name: { type: 'string' } } };
      schemas(d).Pet.properties.owner = { $ref: '#/components/schemas/Owner', description: 'The owner' };
    },
    reportedUnchanged: false,
  },
  'a nullable anyOf': {
    add: (d) => {
      schemas(d).Owner = { type: 'object', properties: { name: { type: 'string' } } };
      schemas(d).Pet.properties.owner = { nullable: true, anyOf: [{ $ref: '#/components/schemas/Owner' }, { type: 'string' }] };
      schemas(d).NewPet.properties.owner = { allOf: [{ $ref: '#/components/schemas/Owner' }], description: 'The owner' };
    },
    reportedUnchanged: false,
  },
  'a schema reached through a top-level member': {
    add: (d) => {
      d['x-defs'] = { PetRef: { $ref: '#/components/schemas/Pet' } };
      photo(d).get.responses['201'] = { description: 'x', content: { 'application/json': { schema: { $ref: '#/x-defs/PetRef' } } } };
    },
    reportedUnchanged: false,
  },
  'an alias component prefixing another name': {
    add: (d) => {
      schemas(d).Pe = { $ref: '#/components/schemas/Pet' };
      schemas(d).PetPair = { type: 'object', properties: { first: { $ref: '#/components/schemas/Pet' } } };
    },
    reportedUnchanged: false,
  },
};
const ON_SHAPES = ['nothing changed', 'operationId changed', 'response property removed', 'Owner property added', 'summary changed', 'info changed'];

describe('shapes api-smart-diff reports even unchanged', () => {
  describe.each(Object.keys(SHAPES))('%s', (shape) => {
    const { add, reportedUnchanged } = SHAPES[shape] as (typeof SHAPES)[string];
    const base = () => {
      const d = petsContract();
      add(d);
      return d;
    };
    test.each(ON_SHAPES)('%s', (name) => {
      const after = base();
      (PET_EDITS[name] as (d: Doc) => void)(after);
      const changes = bothWays(base(), after);
      if (name === 'nothing changed') expect(changes.length > 0).toBe(reportedUnchanged);
    });
  });

  test('an alias component changes what a component whose name it prefixes reports; both ways agree', () => {
    const doc = (alias: boolean, target: string) => ({
      openapi: '3.0.3',
      info: { title: 'x', version: '1' },
      paths: {},
      components: {
        schemas: {
          ...(alias ? { Pet: { $ref: '#/components/schemas/Animal' } } : {}),
          Animal: { type: 'object', properties: { name: { type: 'string' } } },
          Dog: { type: 'object', properties: { bark: { type: 'boolean' } } },
          PetList: { type: 'object', properties: { first: { $ref: `#/components/schemas/${target}` } } },
        },
      },
    });
    const codes = (r: ContractChange[]) => r.map((c) => c.code);
    const withAlias = bothWays(doc(true, 'Animal'), doc(true, 'Dog'));
    const without = bothWays(doc(false, 'Animal'), doc(false, 'Dog'));
    expect(codes(withAlias)).not.toEqual(codes(without));
  });

  test('webhooks (OpenAPI 3.1) that reference a changed schema', () => {
    const base = () => {
      const d = petsContract();
      d['openapi'] = '3.1.0';
      d['webhooks'] = { newPet: { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }, responses: { '200': { description: 'ok' } } } } };
      return d;
    };
    const after = base();
    delete schemas(after).Pet.properties.tag;
    expect(bothWays(base(), after).length).toBeGreaterThan(0);
  });
});

describe('what the pre-filter keeps', () => {
  test('one operation removed: the other path items and the schemas only they use are dropped', () => {
    const after = petsContract();
    delete photo(after).get;
    const cut = prefilterContracts(petsContract(), after);
    expect(Object.keys((cut.before as Doc)['paths'])).toEqual(['/pets/{petId}/photo']);
    expect(Object.keys((cut.before as Doc)['components']['schemas'])).toEqual([]);
    expect((cut.before as Doc)['components']['securitySchemes']).toEqual(petsContract()['components']['securitySchemes']);
    expect(cut.kept).toBeLessThan(cut.items);
  });

  test('a schema change keeps every path item that reaches it, through other schemas too', () => {
    const after = petsContract();
    schemas(after).PetStatus.enum.push('lost');
    const cut = prefilterContracts(petsContract(), after);
    expect(Object.keys((cut.after as Doc)['paths'])).toEqual(['/pets', '/pets/{petId}']);
    expect(Object.keys((cut.after as Doc)['components']['schemas'])).toEqual(['PetStatus', 'Pet', 'NewPet']);
  });

  test('documents it cannot cut are handed over as they are', () => {
    const swagger = { swagger: '2.0', paths: {} };
    expect(prefilterContracts(swagger, swagger).before).toBe(swagger);
    const whole = petsContract();
    schemas(whole).All = { $ref: '#/components/schemas' };
    const cut = prefilterContracts(whole, petsContract());
    expect(cut.before).toBe(whole);
  });
});

describe('demo contract: the same changes with and without the pre-filter', () => {
  const demo = readFileSync(DEMO_CONTRACT, 'utf8');
  const parse = (text: string) => parseDocumentText(text, DEMO_CONTRACT) as Doc;
  const EDITS: Record<string, (text: string) => string> = {
    'Contact.lastName renamed': (t) => t.replace(/(\n {8})lastName:\n/, '$1surname:\n').replace('required: [id, firstName, lastName, email, status, createdAt]', 'required: [id, firstName, surname, email, status, createdAt]'),
    'optional query parameter added': (t) => t.replace('        - name: q\n', '        - name: owner\n          in: query\n          schema: { type: string }\n        - name: q\n'),
    'operation removed': (t) => t.replace(/ {4}delete:\n {6}operationId: deleteContact[\s\S]*?NotFound' }\n/, ''),
    'info and servers changed': (t) => t.replace('version: 1.0.0', 'version: 1.1.0').replace('https://crm.example.test', 'https://crm2.example.test'),
    'global security changed': (t) => t.replace('security:\n  - oauth2: [crm:read]\n', 'security:\n  - oauth2: [crm:read, crm:write]\n'),
    'operation security removed': (t) => t.replace('      security:\n        - oauth2: [crm:write]\n', ''),
    'security scheme scope added': (t) => t.replace('            crm:read: Read contacts, companies and files.\n', '            crm:read: Read contacts, companies and files.\n            crm:admin: Everything.\n'),
    'shared response changed': (t) => t.replace(/( {4}NotFound:\n {6}description: )[^\n]*/, '$1Nothing here.'),
    'unreferenced schema added': (t) => `${t.trimEnd()}\n    Unused:\n      type: object\n      properties:\n        a: { type: string }\n`,
  };
  test.each(Object.keys(EDITS))('%s', (name) => {
    const edited = (EDITS[name] as (t: string) => string)(demo);
    expect(edited).not.toBe(demo);
    expect(bothWays(parse(demo), parse(edited)).length).toBeGreaterThan(0);
  });
});

const CORPUS_SPECS = ['realworld-conduit', 'swagger-petstore-v3', 'redoc-petstore-3.1'].map(corpusSpec);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

describe('corpus contracts: edited copies give the same changes with and without the pre-filter', () => {
  const present = CORPUS_SPECS.flatMap((s) => ('missing' in s ? [] : [s.file]));
  for (const s of CORPUS_SPECS) if ('missing' in s) console.warn(`corpus contract absent: ${s.missing}`);
  const EDITS: Record<string, (d: Doc) => void> = {
    'first operation removed': (d) => {
      const [p, item] = Object.entries(d['paths'] as Record<string, Doc>)[0] as [string, Doc];
      const m = Object.keys(item).find((k) => METHODS.includes(k));
      if (m) delete d['paths'][p][m];
    },
    'a schema property removed, another added as required': (d) => {
      const withProps = Object.values(d['components']['schemas'] as Record<string, Doc>).filter((s) => s['properties'] && Object.keys(s['properties']).length > 1);
      const s = withProps[Math.floor(withProps.length / 2)] as Doc;
      delete s['properties'][Object.keys(s['properties'])[0] as string];
      s['properties'].added = { type: 'string' };
      s['required'] = [...(s['required'] ?? []), 'added'];
    },
    'info, servers and security changed': (d) => {
      d['info'].version = 'next';
      d['servers'] = [{ url: 'https://next.example.test' }];
      d['security'] = [];
    },
  };
  const cases = present.flatMap((spec) => Object.keys(EDITS).map((edit) => [spec, edit] as const));
  (cases.length > 0 ? test.each(cases) : test.skip.each([['none', 'none']]))('%s: %s', async (spec, edit) => {
    const base = (await loadContract(spec)).document as Doc;
    const after = structuredClone(base);
    (EDITS[edit] as (d: Doc) => void)(after);
    expect(bothWays(base, after).length).toBeGreaterThan(0);
  });
});
