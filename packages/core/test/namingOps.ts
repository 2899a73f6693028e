/**
 * Operation builders for the naming tests (docs/naming.md): each row gives operations and the resources
 * expected, as `resource (kind, entity)` and per operation `role name`.
 */
import { createApiModel, createOperation } from '../src/model/factory.js';
import type { HttpMethod, OperationNode, ResourceNode, ResponseNode, SchemaNode } from '../src/model/types.js';
import { Diagnostics } from '../src/diagnostics/Diagnostics.js';
import type { NamingOverrides } from '../src/config/types.js';
import { detectResources } from '../src/detect/detectResources.js';

export const unknownSchema: SchemaNode = { kind: 'unknown', pointer: '#' };
export const arraySchema: SchemaNode = { kind: 'array', items: unknownSchema, pointer: '#' };
export const objectSchema: SchemaNode = { kind: 'object', properties: [], pointer: '#' };
export const respond = (mediaType: string, schema?: SchemaNode): ResponseNode[] => [
  { kind: 'response', status: '200', contents: [schema ? { mediaType, schema } : { mediaType }], pointer: '#' },
];

/** An operation; `id` is its operationId, `body` what its 200 response holds. */
export const op = (method: HttpMethod, path: string, id?: string, body?: 'array' | 'object' | 'binary', tags: string[] = []): OperationNode =>
  createOperation(method, path, {
    ...(id !== undefined ? { operationId: id } : {}),
    tags,
    responses: body === 'array' ? respond('application/json', arraySchema) : body === 'object' ? respond('application/json', objectSchema) : body === 'binary' ? respond('image/jpeg') : [],
  });

export const detect = (operations: OperationNode[], overrides?: NamingOverrides) => {
  const diagnostics = new Diagnostics();
  const model = detectResources(createApiModel({ operations }), diagnostics, { overrides });
  return { resources: model.resources, diagnostics };
};

/** `resource (kind, entity)` and `role name` per operation, in the record's order. */
export const summary = (r: ResourceNode): [string, string[]] => [`${r.resource} (${r.resourceKind}, ${r.entity})`, r.operations.map((o) => `${o.role} ${o.name}`)];
export const summaries = (operations: OperationNode[], overrides?: NamingOverrides) => Object.fromEntries(detect(operations, overrides).resources.map(summary));

/** One naming case: its name, the operations given and the resources wanted by name. */
export type Row = [name: string, io: { given: OperationNode[]; want: Record<string, string[]> }];
