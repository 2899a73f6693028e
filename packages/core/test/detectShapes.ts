/**
 * Model builders for the detectResources tests (no YAML): operations with just enough response detail
 * for the rules, and the detection record facts a table of cases compares.
 */
import { createApiModel, createOperation } from '../src/model/factory.js';
import type { HttpMethod, OperationNode, ResourceKind, ResourceNode, ResponseNode, SchemaNode } from '../src/model/types.js';
import { Diagnostics } from '../src/diagnostics/Diagnostics.js';
import { detectResources } from '../src/detect/detectResources.js';

export const unknownSchema: SchemaNode = { kind: 'unknown', pointer: '#' };
export const arraySchema: SchemaNode = { kind: 'array', items: unknownSchema, pointer: '#' };
export const objectSchema: SchemaNode = { kind: 'object', properties: [], pointer: '#' };

export const respond = (mediaType: string, schema?: SchemaNode): ResponseNode[] => [
  { kind: 'response', status: '200', contents: [schema ? { mediaType, schema } : { mediaType }], pointer: '#' },
];
/** A GET whose success body is a JSON array (a list). */
export const list = (path: string): OperationNode => createOperation('get', path, { responses: respond('application/json', arraySchema) });
/** A GET whose success body is a JSON object. */
export const getObject = (path: string): OperationNode => createOperation('get', path, { responses: respond('application/json', objectSchema) });
/** A GET whose success body is binary. */
export const download = (path: string, mediaType = 'application/octet-stream'): OperationNode => createOperation('get', path, { responses: respond(mediaType) });
export const op = (method: HttpMethod, path: string): OperationNode => createOperation(method, path);

/** Full CRUD on a collection and its item path. */
export const crud = (collection: string, item: string): OperationNode[] => [
  list(collection),
  op('post', collection),
  getObject(item),
  op('patch', item),
  op('delete', item),
];

export const detect = (operations: OperationNode[]) => {
  const diagnostics = new Diagnostics();
  const model = detectResources(createApiModel({ operations }), diagnostics);
  return { model, resources: model.resources, diagnostics };
};

/** The detection record facts, plus each member operation as `role name key`. */
export interface Facts {
  resource: string;
  kind: ResourceKind;
  entity: string;
  crudCandidate: boolean;
  missingOperations: string[];
  action?: string;
  operations: string[];
}
export const facts = (r: ResourceNode): Facts => ({
  resource: r.resource,
  kind: r.resourceKind,
  entity: r.entity,
  crudCandidate: r.crudCandidate,
  missingOperations: [...r.missingOperations],
  ...(r.action !== undefined ? { action: r.action } : {}),
  operations: r.operations.map((o) => `${o.role} ${o.name} ${o.operationKey}`),
});

// ---------------------------------------------------------------------------------------------

/** One detection case: the operations given and the resources wanted. */
export type ShapeCase = [string, { given: OperationNode[]; want: Facts[] }];

/** Each case detects the resources wanted, and puts every operation in exactly one resource. */
export function itDetectsShapes(cases: ShapeCase[]): void {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(detect(given).resources.map(facts)).toEqual(want);
  });

  it.each(cases)('%s: every operation is in exactly one resource', (_name, { given }) => {
    const keys = detect(given).resources.flatMap((r) => r.operations.map((o) => o.operationKey));
    expect([...keys].sort()).toEqual(given.map((o) => o.key).sort());
  });
}
