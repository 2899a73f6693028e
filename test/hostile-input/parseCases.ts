// Hostile-input cases about what a contract file holds: alias bombs, nesting, `$ref` chains, duplicate keys,
// byte-order marks, binary bytes, and the broken and hostile fixtures of `fixtures/openapi`.
import path from 'node:path';
import { fixture } from '../helpers/paths.js';
import { petContract, put, type HostileCase, type Project } from './harness.js';

/** `generate <file> --output <out> --json` for a file in the contract's folder. */
const gen = (name: string) => (p: Project) => ['generate', path.join(p.api, name), '--output', p.out, '--json'];
/** Writes a file into the contract's folder. */
const write = (name: string, contents: string | Uint8Array) => (p: Project) => put(path.join(p.api, name), contents);
/** `generate` of a fixture under `fixtures/openapi`. */
const ofFixture = (relative: string) => (p: Project) => ['generate', fixture(relative), '--output', p.out, '--json'];

/** The classic alias bomb: `levels` levels of 9 aliases each (421 bytes for 9 levels). */
function aliasBomb(levels: number): string {
  const names = 'abcdefghijklmnop';
  const lines = ['openapi: 3.1.0', 'info: { title: bomb, version: "1" }', 'paths: {}', `x-a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]`];
  for (let i = 1; i < levels; i++) lines.push(`x-${names[i]}: &${names[i]} [${Array(9).fill(`*${names[i - 1]}`).join(',')}]`);
  return `${lines.join('\n')}\n`;
}

/** An alias bomb of mappings, `width` keys per level. */
function mappingBomb(levels: number, width: number): string {
  const lines = ['openapi: 3.1.0', 'info: { title: bomb, version: "1" }', 'paths: {}', 'x-l0: &l0 { k: lol }'];
  for (let i = 1; i < levels; i++) lines.push(`x-l${i}: &l${i} { ${Array.from({ length: width }, (_, k) => `k${k}: *l${i - 1}`).join(', ')} }`);
  return `${lines.join('\n')}\n`;
}

/** Schemas that alias each other 9 times a level (`x-bombs` before `components`), the last one `s<levels-1>`. */
function schemaBomb(levels: number): string {
  const lines = ['x-bombs:', '  - &s0 { type: string }'];
  for (let i = 1; i < levels; i++) lines.push(`  - &s${i} { allOf: [${Array(9).fill(`*s${i - 1}`).join(', ')}] }`);
  return `${lines.join('\n')}\n`;
}

/** `levels` schemas nested through `properties`, as JSON text (built as text: no recursion). */
function nestedJson(levels: number): string {
  const open = '{"type":"object","properties":{"p":'.repeat(levels);
  const body = `{"openapi":"3.1.0","info":{"title":"deep","version":"1"},"paths":{},"components":{"schemas":{"Deep":${open}{"type":"string"}${'}}'.repeat(levels)}}}}`;
  return body;
}

/** The pets contract whose `extra` is `levels` schemas nested through `properties`, in YAML flow style. */
const nestedFlow = (levels: number) => petContract(`${'{ type: object, properties: { p: '.repeat(levels)}{ type: string }${' } }'.repeat(levels)}`);

/** `levels` schemas nested through `properties` in YAML block style. */
function nestedBlock(levels: number): string {
  const lines = ['openapi: 3.1.0', 'info: { title: deep, version: "1" }', 'paths: {}', 'components:', '  schemas:', '    Deep:'];
  for (let i = 0; i < levels; i++) lines.push(`${'  '.repeat(3 + 2 * i)}type: object`, `${'  '.repeat(3 + 2 * i)}properties:`, `${'  '.repeat(4 + 2 * i)}p:`);
  lines.push(`${'  '.repeat(3 + 2 * levels)}type: string`);
  return `${lines.join('\n')}\n`;
}

/** Components named S0…Sn where each refers to the next (`kind` says how), as JSON. */
function refChain(n: number, kind: 'ref' | 'allOf'): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const next = { $ref: `#/components/schemas/S${i + 1}` };
    schemas[`S${i}`] = kind === 'ref' ? next : { allOf: [next, { type: 'object', properties: { [`p${i}`]: { type: 'string' } } }] };
  }
  schemas[`S${n}`] = { type: 'object', properties: { id: { type: 'string' } } };
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'chain', version: '1' }, paths: {}, components: { schemas } });
}

const BOM = '\uFEFF';
const petJson = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  paths: { '/pets': { get: { operationId: 'listPets', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } } } } } },
});

/** Alias bombs, depth, duplicate keys, encodings and the fixtures. */
export const PARSE_CASES: HostileCase[] = [
  { name: 'yaml-alias-bomb-421-bytes', setup: write('bomb.yaml', aliasBomb(9)), args: gen('bomb.yaml'), code: 'RSL_INPUT_TOO_LARGE', status: 2, says: /alias/ },
  { name: 'yaml-alias-bomb-mappings', setup: write('bomb.yaml', mappingBomb(12, 8)), args: gen('bomb.yaml'), code: 'RSL_INPUT_TOO_LARGE', status: 2 },
  { name: 'yaml-alias-bomb-in-schema', setup: (p) => put(p.contract, petContract('*s8').replace('components:', `${schemaBomb(9)}components:`)), code: 'RSL_INPUT_TOO_LARGE', status: 2 },
  { name: 'yaml-unknown-tag', setup: write('tag.yaml', 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths: {}\nx-fn: !!js/function "function () { process.exit(1) }"\n'), args: gen('tag.yaml'), code: 'RSL_INPUT_SYNTAX', status: 2 },
  { name: 'json-3000-levels', setup: write('deep.json', nestedJson(3000)), args: gen('deep.json'), code: 'RSL_INPUT_TOO_DEEP', status: 2, says: /#\/components\/schemas\/Deep\/properties\/p/ },
  { name: 'json-100000-nested-arrays', setup: write('deep.json', `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{},"x":${'['.repeat(100000)}${']'.repeat(100000)}}`), args: gen('deep.json'), code: 'RSL_INPUT_TOO_DEEP', status: 2 },
  { name: 'yaml-block-3000-levels', setup: write('deep.yaml', nestedBlock(3000)), args: gen('deep.yaml'), code: 'RSL_INPUT_TOO_DEEP', status: 2 },
  { name: 'yaml-flow-3000-levels', setup: (p) => put(p.contract, nestedFlow(3000)), code: 'RSL_INPUT_TOO_DEEP', status: 2 },
  { name: 'yaml-flow-100-levels-ok', setup: (p) => put(p.contract, nestedFlow(100)), code: null, status: 0 },
  { name: 'yaml-block-100-levels-ok', setup: write('deep.yaml', nestedBlock(100)), args: gen('deep.yaml'), code: null, status: 0 },
  { name: 'json-100-levels-ok', setup: write('deep.json', nestedJson(100)), args: gen('deep.json'), code: null, status: 0 },
  { name: 'ref-chain-10000', setup: write('chain.json', refChain(10000, 'ref')), args: gen('chain.json'), code: 'RSL_INPUT_TOO_DEEP', status: 2, says: /\$ref/ },
  { name: 'allof-chain-3000', setup: write('chain.json', refChain(3000, 'allOf')), args: gen('chain.json'), code: 'RSL_INPUT_TOO_DEEP', status: 2 },
  { name: 'allof-chain-60-ok', setup: write('chain.json', refChain(60, 'allOf')), args: gen('chain.json'), code: null, status: 0 },
  { name: 'yaml-duplicate-path', setup: (p) => put(p.contract, petContract().replace('  /pets/{petId}:', "  /pets:\n    put: { operationId: replacePets, responses: { '204': { description: ok } } }\n  /pets/{petId}:")), code: 'RSL_INPUT_DUPLICATE_KEY', status: 2, says: /openapi\.yaml:7:3: key "\/pets" is already set/ },
  { name: 'yaml-duplicate-property', setup: (p) => put(p.contract, petContract('{ type: string, type: integer }')), code: 'RSL_INPUT_DUPLICATE_KEY', status: 2 },
  { name: 'json-duplicate-key', setup: write('dup.json', '{\n  "openapi": "3.1.0",\n  "info": {"title": "t", "version": "1"},\n  "paths": {},\n  "openapi": "3.0.0"\n}\n'), args: gen('dup.json'), code: 'RSL_INPUT_DUPLICATE_KEY', status: 2, says: /dup\.json:5:3/ },
  { name: 'json-duplicate-key-escaped', setup: write('dup.json', '{"openapi": "3.1.0", "info": {"title": "t", "\\u0074itle": "u", "version": "1"}, "paths": {}}'), args: gen('dup.json'), code: 'RSL_INPUT_DUPLICATE_KEY', status: 2 },
  {
    name: 'yaml-duplicate-in-referenced-file',
    setup: (p) => {
      put(path.join(p.api, 'extra.yaml'), 'type: object\ntype: string\n');
      put(p.contract, petContract("{ $ref: './extra.yaml' }"));
    },
    code: 'RSL_INPUT_DUPLICATE_KEY',
    status: 2,
    says: /extra\.yaml:2:1/,
  },
  { name: 'json-bom', setup: write('bom.json', `${BOM}${petJson}`), args: gen('bom.json'), code: null, status: 0 },
  { name: 'yaml-bom', setup: (p) => put(p.contract, `${BOM}${petContract()}`), code: null, status: 0 },
  { name: 'json-nul-bytes', setup: write('bin.json', Buffer.concat([Buffer.from('{"openapi": "3.1.0"'), Buffer.from([0, 0, 0, 1, 2, 3]), Buffer.from('}')])), args: gen('bin.json'), code: 'RSL_INPUT_BINARY', status: 2 },
  { name: 'yaml-invalid-utf8', setup: write('bad.yaml', Buffer.concat([Buffer.from('openapi: 3.1.0\ninfo: { title: "'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('", version: "1" }\npaths: {}\n')])), args: gen('bad.yaml'), code: 'RSL_INPUT_BINARY', status: 2, says: /bad\.yaml:2:/ },
  { name: 'json-utf16', setup: write('wide.json', Buffer.from(`\uFEFF${petJson}`, 'utf16le')), args: gen('wide.json'), code: 'RSL_INPUT_BINARY', status: 2, says: /UTF-16/ },
  { name: 'png-named-json', setup: write('image.json', Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')), args: gen('image.json'), code: 'RSL_INPUT_BINARY', status: 2 },
  { name: 'prototype-keys-json', setup: write('proto.json', petJson.replace('"paths"', '"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "paths"')), args: gen('proto.json'), code: null, status: 0 },
  { name: 'fixture-empty', args: ofFixture('invalid/empty.yaml'), code: 'RSL_INPUT_EMPTY', status: 2 },
  { name: 'fixture-whitespace', args: ofFixture('invalid/whitespace.yaml'), code: 'RSL_INPUT_EMPTY', status: 2 },
  { name: 'fixture-malformed-yaml', args: ofFixture('invalid/malformed.yaml'), code: 'RSL_INPUT_SYNTAX', status: 2, says: /malformed\.yaml:10:1/ },
  { name: 'fixture-malformed-json', args: ofFixture('invalid/malformed.json'), code: 'RSL_INPUT_SYNTAX', status: 2, says: /malformed\.json:5:71/ },
  { name: 'fixture-root-list', args: ofFixture('invalid/root-list.yaml'), code: 'RSL_NOT_OPENAPI', status: 2 },
  { name: 'fixture-root-string', args: ofFixture('invalid/root-string.yaml'), code: 'RSL_NOT_OPENAPI', status: 2 },
  { name: 'fixture-not-openapi', args: ofFixture('invalid/not-openapi.json'), code: 'RSL_NOT_OPENAPI', status: 2 },
  { name: 'fixture-openapi-4', args: ofFixture('invalid/openapi-4.yaml'), code: 'RSL_UNSUPPORTED_VERSION', status: 2 },
  { name: 'fixture-ref-external-missing', args: ofFixture('invalid/ref-external-missing.yaml'), code: 'RSL_REF_UNRESOLVED', status: 2 },
  { name: 'fixture-ref-internal-unresolved', args: ofFixture('invalid/ref-internal-unresolved.yaml'), code: 'RSL_REF_UNRESOLVED', status: 2 },
  { name: 'fixture-ref-remote', args: ofFixture('invalid/ref-remote.yaml'), code: 'RSL_REF_UNRESOLVED', status: 2 },
  { name: 'fixture-ref-circular', args: ofFixture('invalid/ref-circular.yaml'), code: null, status: 0 },
  { name: 'fixture-hostile', args: ofFixture('hostile/hostile.yaml'), code: null, status: 0 },
  { name: 'fixture-hostile-hooks', args: ofFixture('hostile/hostile-hooks.yaml'), code: null, status: 0 },
];
