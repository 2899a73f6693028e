import type { ApiModel, HttpMethod, OperationNode, ResourceNode, SchemaNode } from './types.js';
import { escapePointerToken } from '../contract/loadContract.js';

/**
 * Builds a schema node with a default pointer, for tests and plugins that synthesize schemas.
 * @param node the schema fields (`kind` required)
 * @returns the node with `pointer` defaulted to `#`
 */
export function createSchema<S extends SchemaNode>(node: Omit<S, 'pointer'> & { pointer?: string }): S {
  return { pointer: '#', ...node } as S;
}

/**
 * Builds an operation node with defaults (no parameters, no body, no responses), for tests.
 * @param method HTTP method
 * @param path path template
 * @param rest any other operation fields
 */
export function createOperation(method: HttpMethod, path: string, rest: Partial<OperationNode> = {}): OperationNode {
  return {
    kind: 'operation',
    key: `${method.toUpperCase()} ${path}`,
    method,
    path,
    tags: [],
    deprecated: false,
    parameters: [],
    responses: [],
    security: [],
    pointer: `#/paths/${escapePointerToken(path)}/${method}`,
    ...rest,
  };
}

/**
 * Builds a resource node with defaults, for tests.
 * @param resource camelCase resource name
 * @param rest any other resource fields
 */
export function createResource(resource: string, rest: Partial<ResourceNode> = {}): ResourceNode {
  return {
    kind: 'resource',
    resourceKind: 'crud',
    resource,
    entity: resource.charAt(0).toUpperCase() + resource.slice(1),
    plural: resource.charAt(0).toUpperCase() + resource.slice(1),
    crudCandidate: false,
    missingOperations: [],
    operations: [],
    pointer: '#/paths',
    ...rest,
  };
}

/**
 * Builds an API model with defaults, for tests.
 * @param rest any model fields
 */
export function createApiModel(rest: Partial<ApiModel> = {}): ApiModel {
  return {
    meta: { title: 'Test API', version: '1.0.0', openapi: '3.1.0', sourceFile: '/contract.yaml', securitySchemes: [], webhookOperations: 0 },
    schemas: [],
    operations: [],
    resources: [],
    ...rest,
  };
}
