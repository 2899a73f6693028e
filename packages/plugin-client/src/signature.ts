import type { ApiModel, MediaContent, OperationNode, ParameterNode, ResourceNode, ResourceOperation, ResponseNode } from '@reslayer/core';
import { errorResponses, isIdentifierName, propertyKey, requestBodyKind, responseBodyKind, safeIdentifier, stringLiteral, successResponses, UniqueNames } from '@reslayer/core';
import { clientNaming } from './naming.js';

/** A path parameter as a positional argument of a client method. */
export interface PathArgument {
  param: ParameterNode;
  /** Safe, unique identifier of the argument, e.g. `contactId`. */
  ident: string;
}

/** A query, header or cookie parameter as a member of the method's `params` object. */
export interface ParamsMember {
  param: ParameterNode;
  /** Key in the params object: the parameter name, or `<in>:<name>` when two locations share a name. */
  key: string;
  /** Property access expression on `params`, e.g. `params?.page` or `params?.['X-Id']`. */
  access: string;
}

/**
 * Everything needed to call or describe one operation, shared by the client, hooks and mocks plugins
 * so they agree on argument order and types.
 *
 * Argument order of a client method: path parameters (template order), `payload` when there is a request
 * body, `params` when there are query/header/cookie parameters, then `options`.
 */
export interface OperationSignature {
  resource: ResourceNode;
  op: ResourceOperation;
  node: OperationNode;
  /** Client method name. */
  method: string;
  pathArgs: PathArgument[];
  params: ParamsMember[];
  /** True when at least one query/header/cookie parameter is required. */
  paramsRequired: boolean;
  /** Request body: the chosen media content and whether the body is required. */
  payload?: { content: MediaContent; required: boolean; bodyKind: ReturnType<typeof requestBodyKind> };
  /** Success response chosen for the return type, and how to read it. */
  response: { responses: ResponseNode[]; content?: MediaContent; responseType: ReturnType<typeof responseBodyKind>; status: string };
  /** Error responses (4XX/5XX/default). */
  errors: ResponseNode[];
  /** Ordered argument list as TypeScript parameter declarations (without `options`). */
  argumentDeclarations: string[];
  /** Ordered argument names (without `options`). */
  argumentNames: string[];
}

/**
 * Builds the signature of a resource operation.
 * @param model the API model (to look up the operation node)
 * @param resource the resource
 * @param op the resource operation
 * @returns the signature
 * @throws Error when the operation key is not in the model (a programmer error)
 */
export function describeOperation(model: ApiModel, resource: ResourceNode, op: ResourceOperation): OperationSignature {
  let cache = signatures.get(model);
  if (!cache) {
    cache = new Map();
    signatures.set(model, cache);
  }
  const cacheKey = `${resource.resource}\u0000${op.operationKey}\u0000${op.name}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const signature = buildSignature(model, resource, op);
  cache.set(cacheKey, signature);
  return signature;
}

/** Signatures computed once per model, shared by every plugin of the run. */
const signatures = new WeakMap<ApiModel, Map<string, OperationSignature>>();

function buildSignature(model: ApiModel, resource: ResourceNode, op: ResourceOperation): OperationSignature {
  const node = operationIndex(model).get(op.operationKey);
  if (!node) throw new Error(`operation ${op.operationKey} is not in the model`);
  const taken = new UniqueNames();
  for (const reserved of ['payload', 'params', 'options']) taken.reserve(reserved);
  const pathArgs = node.parameters.filter((p) => p.in === 'path').map((param) => ({ param, ident: taken.take(safeIdentifier(param.name, 'id')) }));
  const keys = new UniqueNames();
  const params = node.parameters
    .filter((p) => p.in !== 'path')
    .map((param) => {
      const key = keys.has(param.name) ? keys.take(`${param.in}:${param.name}`) : keys.take(param.name);
      return { param, key, access: paramsAccess(key) };
    });
  const paramsRequired = params.some((p) => p.param.required);
  const content = node.requestBody?.contents[0];
  const payload = content ? { content, required: node.requestBody?.required === true, bodyKind: requestBodyKind(content) } : undefined;
  const ok = successResponses(node);
  const withBody = ok.find((r) => r.contents.length > 0);
  const responseContent = withBody?.contents[0];
  const response = {
    responses: ok,
    ...(responseContent ? { content: responseContent } : {}),
    responseType: responseBodyKind(responseContent),
    status: (withBody ?? ok[0])?.status ?? '200',
  };
  // Positional arguments: optional ones before a required one must accept undefined explicitly.
  const args: Array<{ name: string; type: string; optional: boolean }> = [
    ...pathArgs.map((a) => ({ name: a.ident, type: 'string | number', optional: false })),
    ...(payload ? [{ name: 'payload', type: clientNaming.payloadType(op), optional: !payload.required }] : []),
    ...(params.length > 0 ? [{ name: 'params', type: clientNaming.paramsType(op), optional: !paramsRequired }] : []),
  ];
  let laterRequired = false;
  const argumentDeclarations: string[] = [];
  for (let i = args.length - 1; i >= 0; i--) {
    const a = args[i];
    if (!a) continue;
    if (!a.optional) laterRequired = true;
    argumentDeclarations.unshift(
      a.optional ? (laterRequired ? `${a.name}: ${a.type} | undefined` : `${a.name}?: ${a.type}`) : `${a.name}: ${a.type}`,
    );
  }
  const signature: OperationSignature = {
    resource,
    op,
    node,
    method: clientNaming.method(op),
    pathArgs,
    params,
    paramsRequired,
    response,
    errors: errorResponses(node),
    argumentDeclarations,
    argumentNames: args.map((a) => a.name),
  };
  if (payload) signature.payload = payload;
  return signature;
}

/**
 * Names every plain object inherits from `Object.prototype`. Reading `params.constructor` when the caller left
 * the parameter out gives the inherited member (a function), which would be sent as the parameter's value.
 */
const INHERITED_NAMES: ReadonlySet<string> = new Set([
  '__proto__', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__', 'constructor',
  'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'toString', 'valueOf',
]);

/**
 * The expression that reads one member of the method's `params` argument: `params?.page`,
 * `params?.['X-Id']`, or, for an inherited name, an own-property read that yields `undefined` when omitted.
 * @param key the member's key in the params object
 */
export function paramsAccess(key: string): string {
  if (INHERITED_NAMES.has(key)) return `(params !== undefined && Object.hasOwn(params, ${stringLiteral(key)}) ? params[${stringLiteral(key)}] : undefined)`;
  return isIdentifierName(key) ? `params?.${key}` : `params?.[${stringLiteral(key)}]`;
}

/**
 * A key of an object literal the generated code builds at run time. `__proto__` is written as a computed key:
 * `{ __proto__: x }` and `{ '__proto__': x }` set the object's prototype instead of adding a property.
 * @param name the key
 */
export function objectKey(name: string): string {
  return name === '__proto__' ? `[${stringLiteral(name)}]` : propertyKey(name);
}

const indexes = new WeakMap<ApiModel, Map<string, OperationNode>>();

/** Operation lookup by key, built once per model. */
function operationIndex(model: ApiModel): Map<string, OperationNode> {
  let index = indexes.get(model);
  if (!index) {
    index = new Map(model.operations.map((o) => [o.key, o] as const));
    indexes.set(model, index);
  }
  return index;
}
