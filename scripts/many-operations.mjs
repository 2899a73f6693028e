#!/usr/bin/env node
// A lean synthetic OpenAPI 3.1 contract with N operations (N / 5 resources, each with list, create, read, update
// and delete, and one small schema), for measuring a run's memory on very large contracts at Node's default heap
// (docs/engine.md, "Limits"). Deterministic. Usage: node scripts/many-operations.mjs <N> --out <file.json>
import { writeFileSync } from 'node:fs';

const n = Number(process.argv[2] ?? 100_000);
const out = process.argv[process.argv.indexOf('--out') + 1];
if (!Number.isInteger(n) || n < 5 || !process.argv.includes('--out') || !out) {
  process.stderr.write('usage: node scripts/many-operations.mjs <N ≥ 5> --out <file.json>\n');
  process.exit(2);
}
const paths = {};
const schemas = {};
const ok = (ref) => ({ description: 'ok', content: { 'application/json': { schema: ref } } });
for (let i = 0; i < Math.floor(n / 5); i++) {
  const name = `Item${i}`;
  const ref = { $ref: `#/components/schemas/${name}` };
  const body = { required: true, content: { 'application/json': { schema: ref } } };
  schemas[name] = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string' }, count: { type: 'integer' } } };
  paths[`/items${i}`] = {
    get: { operationId: `list${name}`, responses: { 200: ok({ type: 'array', items: ref }) } },
    post: { operationId: `create${name}`, requestBody: body, responses: { 201: ok(ref) } },
  };
  paths[`/items${i}/{id}`] = {
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    get: { operationId: `get${name}`, responses: { 200: ok(ref) } },
    put: { operationId: `update${name}`, requestBody: body, responses: { 200: ok(ref) } },
    delete: { operationId: `delete${name}`, responses: { 204: { description: 'deleted' } } },
  };
}
writeFileSync(out, JSON.stringify({ openapi: '3.1.0', info: { title: `Many operations (${n})`, version: '1.0.0' }, paths, components: { schemas } }));
