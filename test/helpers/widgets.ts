// A synthetic contract of N CRUD resources and a snapshot of an output folder, for the atomic-write tests.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * A contract with `n` CRUD resources; `extra` adds a property to every entity so every file changes.
 * @returns the contract's JSON text
 */
export function widgetsContract(n: number, extra: boolean): string {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const name = `widget${i}s`;
    const ref = { $ref: `#/components/schemas/Widget${i}` };
    paths[`/${name}`] = {
      get: { operationId: `list${i}`, responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: ref } } } } } },
      post: { operationId: `create${i}`, requestBody: { required: true, content: { 'application/json': { schema: ref } } }, responses: { '201': { description: 'ok', content: { 'application/json': { schema: ref } } } } },
    };
    paths[`/${name}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: `get${i}`, responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref } } } } },
      patch: { operationId: `update${i}`, requestBody: { required: true, content: { 'application/json': { schema: ref } } }, responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref } } } } },
      delete: { operationId: `delete${i}`, responses: { '204': { description: 'gone' } } },
    };
    schemas[`Widget${i}`] = {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, ...(extra ? { color: { type: 'string', enum: ['red', 'blue'] } } : {}) },
    };
  }
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'Widgets', version: extra ? '2' : '1' }, paths, components: { schemas } });
}

/**
 * Every file under a folder with its text (root-relative paths).
 * @param dir the folder
 */
export function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(path.relative(dir, p), readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

