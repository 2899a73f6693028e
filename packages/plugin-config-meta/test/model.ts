import type { ApiModel, IntersectionSchema, NamedSchema, OperationNode, ResourceOperation, SchemaNode, UnionSchema } from '@reslayer/core';
import { createApiModel, createHooks, createOperation, createResource, createSchema, FileSet } from '@reslayer/core/host';
import type { Plugin } from '@reslayer/core';
import type { GeneratedFile } from '@reslayer/core/host';
import { arr, bool, int, json, num, obj, ref, str } from './helpers.js';

/** A named schema entry. */
export const named = (name: string, schema: SchemaNode): NamedSchema => ({
  kind: 'named-schema',
  name,
  typeName: name,
  schema,
  pointer: `#/components/schemas/${name}`,
});

/**
 * Runs plugins' `emit` taps on a model built in memory (no contract file) and returns the files.
 * @param model the model
 * @param plugins the plugins to apply
 */
export async function emitModel(model: ApiModel, plugins: Plugin[]): Promise<GeneratedFile[]> {
  const hooks = createHooks();
  const run = { input: '/contract.yaml', outputRoot: '/out', srcDir: 'src', plugins: plugins.map((p) => p.name) };
  for (const p of plugins) p.apply(hooks, { run });
  const files = new FileSet();
  await hooks.emit.promise({ run, model, files, report: () => undefined });
  return files.list();
}

/**
 * A model with one resource, `widgets`, and operations given as [role, name, node].
 */
export function modelWith(schemas: NamedSchema[], ops: Array<[ResourceOperation['role'], string, OperationNode]>, resource = 'widgets'): ApiModel {
  return createApiModel({
    schemas,
    operations: ops.map(([, , node]) => node),
    resources: [
      createResource(resource, {
        entity: 'Widget',
        plural: 'Widgets',
        operations: ops.map(([role, name, node]) => ({ role, name, operationKey: node.key })),
      }),
    ],
  });
}

const queryParam = (name: string, schema: SchemaNode, extra: Partial<OperationNode['parameters'][number]> = {}): OperationNode['parameters'][number] => ({
  kind: 'parameter',
  name,
  in: 'query',
  required: false,
  schema,
  style: 'form',
  explode: true,
  pointer: `#/q/${name}`,
  ...extra,
});
export { queryParam };

/** The `widgets` case: allOf body, every input kind, offset pagination over a bare array, sort enum, scopes. */
export function widgetsModel(): ApiModel {
  const schemas = [
    named('WidgetStatus', str({ enum: ['draft', 'live'], description: 'Lifecycle of a widget.' })),
    named('Base', obj({ id: str({ format: 'uuid', readOnly: true }), name: str({ title: 'Display name', minLength: 1, maxLength: 80, pattern: '^[a-z]+$' }) }, ['id', 'name'])),
    named(
      'Widget',
      createSchema<IntersectionSchema>({
        kind: 'intersection',
        members: [
          ref('Base'),
          obj(
            {
              status: ref('WidgetStatus', { default: 'draft' }),
              price: num({ minimum: 0, exclusiveMaximum: 1000, multipleOf: 0.01 }),
              count: int({ default: 1 }),
              active: bool(),
              launchOn: str({ format: 'date' }),
              launchAt: str({ format: 'date-time' }),
              startTime: str({ format: 'time' }),
              notes: str({ maxLength: 2000 }),
              website: str({ format: 'uri' }),
              secret: str({ format: 'password', writeOnly: true }),
              phone: str({ format: 'tel' }),
              manual: str({ format: 'binary' }),
              colors: arr(str({ enum: ['red', 'green'] }), { minItems: 1 }),
              labels: arr(str()),
              extra: obj({}, [], { additionalProperties: true, default: { b: 2, a: [1, 'x'] } }),
              nickname: createSchema<UnionSchema>({ kind: 'union', source: 'type', variants: [str(), createSchema({ kind: 'null' })] }),
            },
            ['status'],
          ),
        ],
      }),
    ),
  ];
  const list = createOperation('get', '/widgets', {
    summary: 'List widgets',
    parameters: [
      queryParam('offset', int({ minimum: 0 })),
      queryParam('limit', int({ default: 25 })),
      queryParam('sort', arr(str({ enum: ['name', '-name', 'price:desc'] }))),
      queryParam('q', str()),
      queryParam('active', bool(), { description: 'Only active widgets.' }),
      queryParam('status', ref('WidgetStatus')),
      queryParam('X-Trace', str(), { in: 'header', style: 'simple', explode: false }),
    ],
    responses: [{ kind: 'response', status: '200', contents: [json(arr(ref('Widget')))], pointer: '#/r' }],
    security: [{ scheme: 'oauth', scopes: ['w:read'] }],
  });
  const create = createOperation('post', '/widgets', {
    summary: 'Create a widget',
    requestBody: { kind: 'request-body', required: true, contents: [json(ref('Widget'))], pointer: '#/b' },
    responses: [{ kind: 'response', status: '201', contents: [json(ref('Widget'))], pointer: '#/r' }],
    security: [
      { scheme: 'oauth', scopes: ['w:write', 'w:admin'] },
      { scheme: 'key', scopes: [] },
      { scheme: 'oauth', scopes: ['w:write'] },
    ],
  });
  const read = createOperation('get', '/widgets/{id}', {
    parameters: [{ kind: 'parameter', name: 'id', in: 'path', required: true, schema: str(), style: 'simple', explode: false, pointer: '#/p' }],
    responses: [{ kind: 'response', status: '200', contents: [json(ref('Widget'))], pointer: '#/r' }],
  });
  const publish = createOperation('post', '/widgets/{id}/publish', {
    parameters: [{ kind: 'parameter', name: 'id', in: 'path', required: true, schema: str(), style: 'simple', explode: false, pointer: '#/p' }],
    responses: [{ kind: 'response', status: '204', contents: [], pointer: '#/r' }],
  });
  return modelWith(schemas, [
    ['list', 'listWidgets', list],
    ['read', 'getWidget', read],
    ['create', 'createWidget', create],
    ['action', 'publishWidget', publish],
  ]);
}

/** A property name that tries to close comments, strings and templates. */
export const EVIL_NAME = "*/ evil ${x} '\"";
/** Description text that tries the same, with line terminators. */
export const EVIL_TEXT = 'closes */ a comment, `${alert(1)}`, \\ and\nnew line\u2028sep';

/** A resource whose names, texts, paths and scopes are hostile. */
export function hostileModel(): ApiModel {
  const body = obj({ [EVIL_NAME]: str({ description: EVIL_TEXT, title: EVIL_TEXT, default: EVIL_TEXT, pattern: "'*/\\d" }), ['__proto__']: str() }, [EVIL_NAME]);
  const create = createOperation('post', '/evil/*/{id}', {
    summary: `Create */ ${EVIL_TEXT}`,
    requestBody: { kind: 'request-body', required: true, contents: [json(body)], pointer: '#' },
    responses: [{ kind: 'response', status: '200', contents: [json(body)], pointer: '#' }],
    security: [{ scheme: 'oauth', scopes: [EVIL_NAME] }],
  });
  const list = createOperation('get', '/evil', {
    parameters: [{ kind: 'parameter', name: EVIL_NAME, in: 'query', required: false, schema: str(), style: 'form', explode: true, description: EVIL_TEXT, pointer: '#' }],
    responses: [{ kind: 'response', status: '200', contents: [json(body)], pointer: '#' }],
  });
  return createApiModel({
    meta: { title: 'Evil */ API', version: '1\n*/', openapi: '3.1.0', sourceFile: '/x', securitySchemes: [], webhookOperations: 0 },
    operations: [list, create],
    resources: [
      createResource('evil', {
        operations: [
          { role: 'list', name: 'listEvil', operationKey: list.key },
          { role: 'create', name: 'createEvil', operationKey: create.key },
          { role: 'other', name: 'constructor', operationKey: create.key },
        ],
      }),
    ],
  });
}
