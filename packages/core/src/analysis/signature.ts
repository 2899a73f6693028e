import type { ApiModel, MediaContent, OperationNode, ParameterNode, ResourceNode, ResourceOperation, ResponseNode, SchemaNode } from '../model/types.js';
import { errorResponses, operationUrl, requestBodyKind, responseBodyKind, successResponses } from '../model/queries.js';
import { safeIdentifier, UniqueNames } from '../naming/identifiers.js';
import { paramsAccess } from '../print/arguments.js';
import { memoOnModel } from './memo.js';
import { getSchemaTypeNames } from './schemaTypeNames.js';
import { inlineRefs } from './schemaQueries.js';

/**
 * Identifiers a path argument never takes, so that no contract parameter name can shadow what the generated
 * code around it uses: the other arguments (`payload`, `params`, `options`), the runtime's `request`, the
 * abort `signal` a query function receives, the hooks' `variables`, `queryClient`, `useQuery`, `useMutation`,
 * `useQueryClient`, Vue's `computed` and `toValue`, and the query keys' `all`, `lists`, `details`.
 * A parameter named like one of them gets a numbered identifier (`request2`); its wire name is unchanged.
 */
export const RESERVED_ARGUMENT_NAMES: readonly string[] = [
  'payload', 'params', 'options', 'request', 'signal', 'variables', 'queryClient', 'useQuery', 'useMutation',
  'useQueryClient', 'computed', 'toValue', 'all', 'lists', 'details',
];

/** A path parameter as a positional argument of a client method. */
export interface PathArgument {
  param: ParameterNode;
  /** Safe, unique identifier of the argument, e.g. `contactId` (never one of {@link RESERVED_ARGUMENT_NAMES}). */
  ident: string;
  /**
   * The parameter's schema with `$ref`s replaced by their targets, so its type prints without imports
   * (`printPathArgumentType`); undefined when its references recurse.
   */
  inlineSchema?: SchemaNode;
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
 * One positional argument of an operation's call signature.
 * - `path`: one path parameter (`param` set);
 * - `body`: the request body, named `payload`;
 * - `params`: the object of every query, header and cookie parameter, named `params`.
 */
export interface OperationArgument {
  /** Identifier of the argument: a path parameter's safe name, `payload` or `params`. */
  name: string;
  role: 'path' | 'body' | 'params';
  /** False when the caller may leave the argument out. */
  required: boolean;
  /** The path parameter, for `role: 'path'`. */
  param?: ParameterNode;
}

/**
 * Everything needed to call or describe one operation, shared by every plugin so they agree on argument
 * order and optionality. Structured data only: no plugin-specific names or printed types.
 *
 * Argument order: path parameters (template order), `payload` when there is a request body, `params`
 * when there are query/header/cookie parameters.
 */
export interface OperationSignature {
  resource: ResourceNode;
  op: ResourceOperation;
  node: OperationNode;
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
  /** The positional arguments in order. */
  args: OperationArgument[];
  /**
   * The path template a request goes to: `node.path` without a literal query or fragment the contract wrote
   * into the key (`/folders/{folder_id}` for `/folders/{folder_id}#add_shared_link`). See `operationUrl`.
   */
  urlPath: string;
  /** The literal query of the path key, without `?` (`beta=true`): sent before the query parameters. */
  fixedQuery?: string;
}

/**
 * The signature of a resource operation, computed once per model and memoized on it.
 * @param model the API model (to look up the operation node)
 * @param resource the resource
 * @param op the resource operation
 * @returns the signature
 * @throws Error when the operation key is not in the model (a programmer error)
 */
export function describeOperation(model: ApiModel, resource: ResourceNode, op: ResourceOperation): OperationSignature {
  const cache = memoOnModel(model, 'signatures', () => new Map<string, OperationSignature>());
  const cacheKey = `${resource.resource}\u0000${op.operationKey}\u0000${op.name}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const signature = buildSignature(model, resource, op);
  cache.set(cacheKey, signature);
  return signature;
}

function buildSignature(model: ApiModel, resource: ResourceNode, op: ResourceOperation): OperationSignature {
  const node = operationIndex(model).get(op.operationKey);
  if (!node) throw new Error(`operation ${op.operationKey} is not in the model`);
  const taken = new UniqueNames();
  for (const reserved of RESERVED_ARGUMENT_NAMES) taken.reserve(reserved);
  const byName = getSchemaTypeNames(model).byName;
  const pathArgs = node.parameters
    .filter((p) => p.in === 'path')
    .map((param): PathArgument => {
      const arg: PathArgument = { param, ident: taken.take(safeIdentifier(param.name, 'id')) };
      const inlineSchema = inlineRefs(param.schema, byName);
      if (inlineSchema) arg.inlineSchema = inlineSchema;
      return arg;
    });
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
  const args: OperationArgument[] = [
    ...pathArgs.map((a): OperationArgument => ({ name: a.ident, role: 'path', required: true, param: a.param })),
    ...(payload ? [{ name: 'payload', role: 'body', required: payload.required } as const] : []),
    ...(params.length > 0 ? [{ name: 'params', role: 'params', required: paramsRequired } as const] : []),
  ];
  const url = operationUrl(node);
  const signature: OperationSignature = { resource, op, node, pathArgs, params, paramsRequired, response, errors: errorResponses(node), args, urlPath: url.path };
  if (url.query !== undefined) signature.fixedQuery = url.query;
  if (payload) signature.payload = payload;
  return signature;
}

/**
 * The model's operations by key (`OperationNode.key`), built once per model (memoized on it).
 * @param model the API model
 * @returns a map from operation key to operation
 */
export function operationIndex(model: ApiModel): ReadonlyMap<string, OperationNode> {
  return memoOnModel(model, 'operationIndex', () => new Map(model.operations.map((o) => [o.key, o] as const)));
}
