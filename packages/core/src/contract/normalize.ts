import type {
  ApiModel,
  HttpMethod,
  MediaContent,
  OperationNode,
  ParameterLocation,
  ParameterNode,
  RequestBodyNode,
  ResponseNode,
  SecurityRequirementNode,
} from '../model/types.js';
import { HTTP_METHODS } from '../model/types.js';
import { escapePointerToken, resolvePointer, type LoadedContract } from './loadContract.js';
import { SchemaNormalizer } from './normalizeSchema.js';
import { Diagnostics, cmp } from '../diagnostics/Diagnostics.js';
import { findAllOfConflicts } from '../analysis/allOfConflicts.js';
import { getSchemaTypeNames } from '../analysis/schemaTypeNames.js';

type Raw = Record<string, unknown>;

const LOCATION_ORDER: Record<ParameterLocation, number> = { path: 0, query: 1, header: 2, cookie: 3 };

/**
 * Normalizes a loaded contract into an {@link ApiModel} (with `resources` still empty; the `detect`
 * hook fills them). Contract problems become diagnostics; nothing here throws on bad contracts.
 *
 * @param contract the bundled contract from `loadContract`
 * @param diagnostics where findings go
 * @returns the model: meta, named schemas sorted by type name, operations sorted by path then method
 * @see https://spec.openapis.org/oas/v3.1.0#paths-object
 */
export function normalizeContract(contract: LoadedContract, diagnostics: Diagnostics): ApiModel {
  const doc = contract.document as unknown as Raw;
  const schemas = new SchemaNormalizer(doc, diagnostics);
  const deref = <T>(value: unknown, pointer: string): { value: T | undefined; pointer: string } => {
    let current = value;
    let at = pointer;
    for (let hops = 0; hops < 32 && current && typeof current === 'object' && typeof (current as Raw)['$ref'] === 'string'; hops++) {
      const ref = (current as Raw)['$ref'] as string;
      const target = resolvePointer(doc, ref);
      if (target === undefined) {
        diagnostics.add({ code: 'RSL_REF_UNRESOLVED', severity: 'error', message: `$ref "${ref}" does not resolve`, location: at, hint: 'Point the $ref at an existing object.' });
        return { value: undefined, pointer: at };
      }
      current = target;
      at = ref;
    }
    return { value: current as T, pointer: at };
  };

  const media = (content: unknown, pointer: string): MediaContent[] => {
    if (!content || typeof content !== 'object') return [];
    return Object.keys(content as Raw)
      .sort((a, b) => mediaRank(a) - mediaRank(b) || cmp(a, b))
      .map((mediaType) => {
        const m = ((content as Raw)[mediaType] ?? {}) as Raw;
        const at = `${pointer}/${escapePointerToken(mediaType)}`;
        const out: MediaContent = { mediaType };
        if (m['schema'] !== undefined) out.schema = schemas.normalize(m['schema'], `${at}/schema`);
        if (m['example'] !== undefined) out.example = m['example'];
        else if (m['examples'] && typeof m['examples'] === 'object') {
          const first = Object.keys(m['examples'] as Raw).sort(cmp)[0];
          if (first !== undefined) {
            const ex = deref<Raw>((m['examples'] as Raw)[first], `${at}/examples/${escapePointerToken(first)}`).value;
            if (ex && ex['value'] !== undefined) out.example = ex['value'];
          }
        }
        return out;
      });
  };

  const parameter = (raw: unknown, pointer: string): ParameterNode | undefined => {
    const { value: p, pointer: at } = deref<Raw>(raw, pointer);
    if (!p || typeof p['name'] !== 'string' || typeof p['in'] !== 'string') return undefined;
    const location = p['in'] as ParameterLocation;
    if (!(location in LOCATION_ORDER)) return undefined;
    let schemaRaw = p['schema'];
    if (schemaRaw === undefined && p['content'] && typeof p['content'] === 'object') {
      const first = Object.values(p['content'] as Raw)[0] as Raw | undefined;
      schemaRaw = first?.['schema'];
    }
    const style = typeof p['style'] === 'string' ? p['style'] : location === 'query' || location === 'cookie' ? 'form' : 'simple';
    const node: ParameterNode = {
      kind: 'parameter',
      name: p['name'],
      in: location,
      required: location === 'path' ? true : p['required'] === true,
      schema: schemas.normalize(schemaRaw ?? { type: 'string' }, `${at}/schema`),
      style,
      explode: typeof p['explode'] === 'boolean' ? p['explode'] : style === 'form',
      pointer: at,
    };
    if (typeof p['description'] === 'string') node.description = p['description'];
    if (p['deprecated'] === true) node.deprecated = true;
    return node;
  };

  const paths = (doc['paths'] && typeof doc['paths'] === 'object' ? doc['paths'] : {}) as Raw;
  const documentSecurity = doc['security'];
  const operations: OperationNode[] = [];
  for (const pathKey of Object.keys(paths).sort(cmp)) {
    const itemPointer = `#/paths/${escapePointerToken(pathKey)}`;
    const { value: item, pointer: itemAt } = deref<Raw>(paths[pathKey], itemPointer);
    if (!item || typeof item !== 'object') continue;
    const shared = Array.isArray(item['parameters']) ? (item['parameters'] as unknown[]) : [];
    for (const method of HTTP_METHODS) {
      const op = item[method] as Raw | undefined;
      if (!op || typeof op !== 'object') continue;
      const pointer = `${itemPointer}/${method}`;
      const params = new Map<string, ParameterNode>();
      shared.forEach((raw, i) => {
        const p = parameter(raw, `${itemAt}/parameters/${i}`);
        if (p) params.set(`${p.in}:${p.name}`, p);
      });
      (Array.isArray(op['parameters']) ? (op['parameters'] as unknown[]) : []).forEach((raw, i) => {
        const p = parameter(raw, `${pointer}/parameters/${i}`);
        if (p) params.set(`${p.in}:${p.name}`, p);
      });
      const templateNames = [...pathKey.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
      for (const name of templateNames) {
        if (!params.has(`path:${name}`)) {
          diagnostics.add({
            code: 'RSL_PATH_PARAM_UNDECLARED',
            severity: 'warning',
            message: `path parameter "${name}" is not declared; it is typed as string`,
            location: `${method.toUpperCase()} ${pathKey}`,
            hint: `Declare { name: ${name}, in: path, required: true } on the path item or operation.`,
          });
          params.set(`path:${name}`, {
            kind: 'parameter', name, in: 'path', required: true, schema: { kind: 'string', pointer }, style: 'simple', explode: false, pointer,
          });
        }
      }
      const pathParams = templateNames
        .map((n) => params.get(`path:${n}`))
        .filter((p): p is ParameterNode => p !== undefined);
      const otherParams = [...params.values()]
        .filter((p) => p.in !== 'path')
        .sort((a, b) => LOCATION_ORDER[a.in] - LOCATION_ORDER[b.in]);
      const parameters = [...pathParams, ...otherParams];

      let requestBody: RequestBodyNode | undefined;
      if (op['requestBody'] !== undefined) {
        const { value: body, pointer: bodyAt } = deref<Raw>(op['requestBody'], `${pointer}/requestBody`);
        if (body) {
          requestBody = { kind: 'request-body', required: body['required'] === true, contents: media(body['content'], `${bodyAt}/content`), pointer: bodyAt };
          if (typeof body['description'] === 'string') requestBody.description = body['description'];
        }
      }
      const responsesRaw = (op['responses'] && typeof op['responses'] === 'object' ? op['responses'] : {}) as Raw;
      const responses: ResponseNode[] = Object.keys(responsesRaw)
        .sort(cmp)
        .flatMap((status) => {
          const { value: r, pointer: rAt } = deref<Raw>(responsesRaw[status], `${pointer}/responses/${escapePointerToken(status)}`);
          if (!r) return [];
          const node: ResponseNode = { kind: 'response', status: String(status), contents: media(r['content'], `${rAt}/content`), pointer: rAt };
          if (typeof r['description'] === 'string') node.description = r['description'];
          const headers = r['headers'] && typeof r['headers'] === 'object' ? Object.keys(r['headers'] as Raw).sort(cmp) : [];
          if (headers.length > 0) node.headers = headers;
          return [node];
        });
      const node: OperationNode = {
        kind: 'operation',
        key: `${method.toUpperCase()} ${pathKey}`,
        method: method as HttpMethod,
        path: pathKey,
        tags: Array.isArray(op['tags']) ? (op['tags'] as unknown[]).filter((t): t is string => typeof t === 'string') : [],
        deprecated: op['deprecated'] === true,
        parameters,
        responses,
        security: security(op['security'] ?? documentSecurity),
        pointer,
      };
      operations.push(finishOperation(node, op, requestBody));
    }
  }
  reportOperationIds(operations, diagnostics);

  const info = (doc['info'] ?? {}) as Raw;
  const servers = Array.isArray(doc['servers']) ? (doc['servers'] as Raw[]) : [];
  const webhooks = (doc['webhooks'] && typeof doc['webhooks'] === 'object' ? doc['webhooks'] : {}) as Raw;
  const webhookOperations = Object.values(webhooks).reduce<number>(
    (n, item) => n + (item && typeof item === 'object' ? HTTP_METHODS.filter((m) => (item as Raw)[m] !== undefined).length : 0),
    0,
  );
  const schemes = ((doc['components'] as Raw | undefined)?.['securitySchemes'] ?? {}) as Raw;
  const meta: ApiModel['meta'] = {
    title: typeof info['title'] === 'string' ? info['title'] : 'API',
    version: typeof info['version'] === 'string' ? info['version'] : String(info['version'] ?? ''),
    openapi: typeof doc['openapi'] === 'string' ? doc['openapi'] : '3.0.0',
    sourceFile: contract.file,
    securitySchemes: Object.keys(schemes).sort(cmp),
    webhookOperations,
  };
  const serverUrl = servers[0]?.['url'];
  if (typeof serverUrl === 'string') meta.serverUrl = serverUrl;
  if (operations.length === 0) {
    diagnostics.add({
      code: 'RSL_NO_PATHS',
      severity: 'info',
      message: webhookOperations > 0
        ? `the document has no paths, only ${webhookOperations} webhook operation(s); no resources are generated`
        : 'the document has no operations under paths; no resources are generated',
      location: '#/paths',
      hint: 'Webhooks describe requests the API sends, so they get no client.',
    });
  }
  const model: ApiModel = { meta, schemas: schemas.namedSchemas(), operations, resources: [] };
  reportAllOfConflicts(model, diagnostics);
  return model;
}

/**
 * Sets the members of an operation node that follow its `pointer`, in the model's key order: `operationId`,
 * `summary`, `description`, then `requestBody`. The one place that defines them, so a node rebuilt with new
 * prose (see `ModelReuse`) has the members, and the key order, of a freshly normalized one.
 * @param node the node up to `pointer` (changed in place)
 * @param op the raw Operation Object
 * @param requestBody the normalized request body, if the operation has one
 * @returns `node`
 * @see https://spec.openapis.org/oas/v3.1.0#operation-object
 */
export function finishOperation(node: OperationNode, op: Raw, requestBody: RequestBodyNode | undefined): OperationNode {
  if (typeof op['operationId'] === 'string' && op['operationId'] !== '') node.operationId = op['operationId'];
  if (typeof op['summary'] === 'string') node.summary = op['summary'];
  if (typeof op['description'] === 'string') node.description = op['description'];
  if (requestBody) node.requestBody = requestBody;
  return node;
}

/** One `RSL_ALLOF_CONFLICT` warning per `allOf` and property whose members contradict each other. */
function reportAllOfConflicts(model: ApiModel, diagnostics: Diagnostics): void {
  for (const c of findAllOfConflicts(model, getSchemaTypeNames(model))) {
    diagnostics.add({
      code: 'RSL_ALLOF_CONFLICT',
      severity: 'warning',
      message: `allOf of "${c.owner}" declares "${c.property}" as ${c.earlier} in ${c.earlierLabel} and as ${c.later} in ${c.laterLabel}; no value is both, so the later one is used`,
      location: c.pointer,
      hint: `Make the allOf members agree on "${c.property}". The generated type is Omit<${c.earlierLabel}, '${c.property}'> & … (the later member wins).`,
    });
  }
}

function mediaRank(mediaType: string): number {
  const m = mediaType.toLowerCase();
  if (m === 'application/json') return 0;
  if (/[/+]json\b/.test(m)) return 1;
  return 2;
}

function security(raw: unknown): SecurityRequirementNode[] {
  if (!Array.isArray(raw)) return [];
  const out: SecurityRequirementNode[] = [];
  for (const requirement of raw) {
    if (!requirement || typeof requirement !== 'object') continue;
    for (const scheme of Object.keys(requirement as Raw).sort(cmp)) {
      const scopes = (requirement as Raw)[scheme];
      out.push({ scheme, scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [] });
    }
  }
  return out;
}

function reportOperationIds(operations: OperationNode[], diagnostics: Diagnostics): void {
  const seen = new Map<string, OperationNode>();
  for (const op of operations) {
    if (op.operationId === undefined) {
      diagnostics.add({
        code: 'RSL_OPERATION_ID_MISSING',
        severity: 'info',
        message: 'operation has no operationId; names are derived from method and path',
        location: op.key,
        hint: 'Add an operationId to control generated names.',
      });
      continue;
    }
    const first = seen.get(op.operationId);
    if (first) {
      diagnostics.add({
        code: 'RSL_OPERATION_ID_DUPLICATE',
        severity: 'warning',
        message: `operationId "${op.operationId}" is also used by ${first.key}`,
        location: op.key,
        hint: 'operationIds must be unique (OpenAPI 3, Operation Object); generated names stay distinct anyway.',
      });
    } else seen.set(op.operationId, op);
  }
}
