// One contract pair per change code (every code of DIFF_CODES has a row): the pets contract (petsContract.ts) and a
// copy with one edit. Each row names the code and level expected among the contract changes, and generated symbols
// the change must be linked to (and, for some, the symbol's status). Runs the whole diff: two in-memory generations
// and the checker. The table of docs/diff.md is checked against DIFF_CODES, and each row's level against its code's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ChangeLevel, type DiffCode, type DiffCodeInfo, DIFF_CODES, reaches, settleLevel } from '@reslayer/diff';
import { cleanup, diffTexts, REPO_ROOT } from './helpers.js';
import { type Doc, petsContract } from './petsContract.js';

afterAll(cleanup);

const pets = (d: Doc) => d['paths']['/pets'];
const item = (d: Doc) => d['paths']['/pets/{petId}'];
const schemas = (d: Doc) => d['components']['schemas'];

interface Row {
  name: string;
  edit: (d: Doc) => void;
  code: DiffCode;
  level: ChangeLevel;
  /** Symbols linked to the change (a subset). */
  symbols: string[];
  /** Expected status of some symbols in the impact. */
  status?: Record<string, string>;
  /** An edit made to both sides first (what the change starts from). */
  base?: (d: Doc) => void;
}

const ROWS: Row[] = [
  { name: 'operation removed', edit: (d) => void delete item(d).delete, code: 'RSL_DIFF_OPERATION_REMOVED', level: 'breaking',
    symbols: ['petsClient.deletePet', 'deletePetMutationOptions', 'petsPermissions.delete', 'createPetsHandlers › DELETE /pets/{petId}'], status: { 'petsClient.deletePet': 'removed' } },
  { name: 'operation added', edit: (d) => void (item(d).put = { operationId: 'updatePet', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } } }, responses: { '200': { description: 'ok' } } }),
    code: 'RSL_DIFF_OPERATION_ADDED', level: 'non-breaking', symbols: ['petsClient.updatePet', 'updatePetMutationOptions'], status: { 'petsClient.updatePet': 'added' } },
  { name: 'operationId changed', edit: (d) => void (pets(d).get.operationId = 'findPets'), code: 'RSL_DIFF_OPERATION_ID_CHANGED', level: 'possibly-breaking', symbols: [] },
  { name: 'parameter removed', edit: (d) => void pets(d).get.parameters.splice(0, 1), code: 'RSL_DIFF_PARAMETER_REMOVED', level: 'breaking', symbols: ['ListPetsParams'] },
  { name: 'optional parameter added', edit: (d) => void pets(d).get.parameters.push({ name: 'owner', in: 'query', schema: { type: 'string' } }), code: 'RSL_DIFF_PARAMETER_ADDED', level: 'non-breaking', symbols: ['ListPetsParams'] },
  { name: 'required parameter added', edit: (d) => void pets(d).get.parameters.push({ name: 'owner', in: 'query', required: true, schema: { type: 'string' } }), code: 'RSL_DIFF_PARAMETER_ADDED', level: 'breaking', symbols: ['petsClient.listPets', 'petsQueryOptions', 'ListPetsParams'] },
  { name: 'parameter made required', edit: (d) => void (pets(d).get.parameters[0].required = true), code: 'RSL_DIFF_PARAMETER_CHANGED', level: 'breaking', symbols: ['petsClient.listPets', 'ListPetsParams'] },
  { name: 'request body made optional', edit: (d) => void (pets(d).post.requestBody.required = false), code: 'RSL_DIFF_REQUEST_BODY_CHANGED', level: 'non-breaking', symbols: ['petsClient.createPet'] },
  { name: 'request property removed', edit: (d) => void delete schemas(d).NewPet.properties.tag, code: 'RSL_DIFF_PROPERTY_REMOVED', level: 'non-breaking', symbols: ['NewPet', 'CreatePetPayload', 'petsConfig.fields[tag]'] },
  { name: 'optional property added', edit: (d) => void (schemas(d).NewPet.properties.owner = { type: 'string' }), code: 'RSL_DIFF_PROPERTY_ADDED', level: 'non-breaking', symbols: ['NewPet', 'petsConfig.fields[owner]', 'petsI18n.fields.owner'] },
  { name: 'required request property added', edit: (d) => { schemas(d).NewPet.properties.owner = { type: 'string' }; schemas(d).NewPet.required.push('owner'); }, code: 'RSL_DIFF_REQUIRED_PROPERTY_ADDED', level: 'breaking', symbols: ['CreatePetPayload', 'petsClient.createPet', 'createPetMutationOptions'] },
  // An optional response property: api-smart-diff calls its removal non-breaking, but reading it stops compiling.
  { name: 'optional response property removed', edit: (d) => void delete schemas(d).Pet.properties.tag, code: 'RSL_DIFF_RESPONSE_PROPERTY_REMOVED', level: 'breaking', symbols: ['Pet', 'GetPetResponse', 'petsConfig.columns[tag]'], status: { 'petsConfig.columns[tag]': 'removed' } },
  { name: 'optional response property renamed', edit: (d) => { const p = schemas(d).Pet.properties; p.label = p.tag; delete p.tag; }, code: 'RSL_DIFF_RESPONSE_PROPERTY_REMOVED', level: 'breaking', symbols: ['Pet', 'GetPetResponse'] },
  { name: 'property now required', edit: (d) => void schemas(d).NewPet.required.push('tag'), code: 'RSL_DIFF_PROPERTY_NOW_REQUIRED', level: 'breaking', symbols: ['CreatePetPayload', 'petsConfig.fields[tag]'] },
  { name: 'property now optional', edit: (d) => void (schemas(d).Pet.required = ['id']), code: 'RSL_DIFF_PROPERTY_NOW_OPTIONAL', level: 'breaking', symbols: ['petsClient.getPet', 'petQueryOptions'] },
  { name: 'type changed', edit: (d) => void (schemas(d).Pet.properties.name = { type: 'integer', maxLength: 50, title: 'Name' }), code: 'RSL_DIFF_TYPE_CHANGED', level: 'non-breaking', symbols: ['Pet', 'petsClient.getPet'] },
  { name: 'enum value removed', edit: (d) => void schemas(d).PetStatus.enum.pop(), code: 'RSL_DIFF_ENUM_VALUE_REMOVED', level: 'breaking', symbols: ['PetStatus', 'ListPetsParams', 'CreatePetPayload'] },
  { name: 'enum value added', edit: (d) => void schemas(d).PetStatus.enum.push('lost'), code: 'RSL_DIFF_ENUM_VALUE_ADDED', level: 'breaking', symbols: ['PetStatus', 'GetPetResponse'] },
  { name: 'constraint changed', edit: (d) => void (schemas(d).Pet.properties.name.maxLength = 20), code: 'RSL_DIFF_CONSTRAINT_CHANGED', level: 'non-breaking', symbols: [] },
  { name: 'media type removed', edit: (d) => { const r = d['paths']['/pets/{petId}/photo'].get.responses['200']; r.content = { 'image/jpeg': r.content['image/png'] }; }, code: 'RSL_DIFF_MEDIA_TYPE_REMOVED', level: 'breaking', symbols: [] },
  { name: 'media type added', edit: (d) => { const c = d['paths']['/pets/{petId}/photo'].get.responses['200'].content; c['image/jpeg'] = c['image/png']; }, code: 'RSL_DIFF_MEDIA_TYPE_ADDED', level: 'non-breaking', symbols: [] },
  { name: 'response removed', edit: (d) => void delete item(d).get.responses['404'], code: 'RSL_DIFF_RESPONSE_REMOVED', level: 'breaking', symbols: [] },
  { name: 'response added', edit: (d) => void (pets(d).post.responses['409'] = { description: 'Conflict' }), code: 'RSL_DIFF_RESPONSE_ADDED', level: 'non-breaking', symbols: [] },
  { name: 'security added', edit: (d) => void (item(d).get.security = [{ apiKey: [] }]), code: 'RSL_DIFF_SECURITY_ADDED', level: 'possibly-breaking', symbols: [] },
  { name: 'security removed', base: (d) => void (item(d).get.security = [{ apiKey: [] }]), edit: (d) => void delete item(d).get.security, code: 'RSL_DIFF_SECURITY_REMOVED', level: 'non-breaking', symbols: [] },
  { name: 'security scheme changed', edit: (d) => void (d['components'].securitySchemes.apiKey.name = 'X-Key'), code: 'RSL_DIFF_SECURITY_CHANGED', level: 'breaking', symbols: [] },
  { name: 'operation deprecated', edit: (d) => void (item(d).get.deprecated = true), code: 'RSL_DIFF_DEPRECATED', level: 'possibly-breaking', symbols: [] },
  { name: 'documentation changed', edit: (d) => void (pets(d).get.summary = 'List all the pets'), code: 'RSL_DIFF_DOCUMENTATION_CHANGED', level: 'non-breaking', symbols: ['petsI18n.actions.list'] },
  { name: 'anything else (catch-all)', edit: (d) => void (schemas(d).Pet.properties.id.readOnly = true), code: 'RSL_DIFF_CHANGED', level: 'non-breaking', symbols: [] },
];

describe.each(ROWS)('$name', (row) => {
  test(`${row.code} (${row.level})`, async () => {
    const [before, after] = [petsContract(), petsContract()];
    row.base?.(before);
    row.base?.(after);
    row.edit(after);
    const result = await diffTexts(before, after);
    const change = result.changes.find((c) => c.code === row.code);
    expect(change).toBeDefined();
    expect(change?.level).toBe(row.level);
    const names = (change?.symbols ?? []).map((id) => id.slice(id.indexOf('#') + 1));
    expect(names).toEqual(expect.arrayContaining(row.symbols));
    for (const [name, status] of Object.entries(row.status ?? {})) expect(result.impact.symbols.find((s) => s.name === name)?.status).toBe(status);
  });
});

test('the table covers every code, each row with a level its code allows (docs/diff.md)', () => {
  expect(new Set(ROWS.map((r) => r.code))).toEqual(new Set(Object.keys(DIFF_CODES)));
  for (const row of ROWS) {
    const info: DiffCodeInfo = DIFF_CODES[row.code];
    const allowed = info.level !== 'depends' ? row.level === info.level : info.atLeast === undefined || reaches(row.level, info.atLeast);
    expect({ row: row.name, code: row.code, level: row.level, allowed }).toEqual({ row: row.name, code: row.code, level: row.level, allowed: true });
  }
});

test("docs/diff.md's table is DIFF_CODES: every code with its title and level, in order", () => {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/diff.md'), 'utf8');
  const rows = [...doc.matchAll(/^\| `(RSL_DIFF_[A-Z_]+)` \| (.+) \| (.+) \|$/gm)].map((m) => [m[1], m[2], m[3]]);
  const expected = Object.entries(DIFF_CODES).map(([code, info]: [string, DiffCodeInfo]) => [code, info.title, info.level === 'depends' && info.atLeast ? `depends, at least ${info.atLeast}` : info.level]);
  expect(rows).toEqual(expected);
});

test('a code with a level of its own gives it whatever api-smart-diff said', () => {
  expect(settleLevel('RSL_DIFF_RESPONSE_PROPERTY_REMOVED', 'non-breaking')).toBe('breaking');
  expect(settleLevel('RSL_DIFF_DOCUMENTATION_CHANGED', 'possibly-breaking')).toBe('non-breaking');
  expect(settleLevel('RSL_DIFF_SECURITY_ADDED', 'non-breaking')).toBe('possibly-breaking');
  expect(settleLevel('RSL_DIFF_SECURITY_ADDED', 'breaking')).toBe('breaking');
  expect(settleLevel('RSL_DIFF_TYPE_CHANGED', 'non-breaking')).toBe('non-breaking');
});

test('an operation that moves (same operationId, new resource) is reported as renamed, not removed and added', async () => {
  const after = petsContract();
  after['paths']['/pets/{petId}/picture'] = after['paths']['/pets/{petId}/photo'];
  delete after['paths']['/pets/{petId}/photo'];
  const result = await diffTexts(petsContract(), after);
  expect(result.renames).toEqual([expect.objectContaining({ from: 'GET /pets/{petId}/photo', to: 'GET /pets/{petId}/picture' })]);
  const renamed = result.impact.symbols.filter((s) => s.status === 'renamed');
  expect(renamed.length).toBeGreaterThan(0);
  expect(renamed.some((s) => s.kind === 'client method' && s.to !== undefined)).toBe(true);
});

test('the same contract gives no change at all', async () => {
  const result = await diffTexts(petsContract(), petsContract());
  expect(result.level).toBe('none');
  expect(result.changes).toEqual([]);
  expect(result.impact.files).toEqual([]);
});
