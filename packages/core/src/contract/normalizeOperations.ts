// The operations pass of normalization: every path item's operations, with their parameters (path ones in
// template order, the rest by location), request body and responses, each schema through the schema pass.
import type { HttpMethod, MediaContent, OperationNode, ParameterLocation, ParameterNode, RequestBodyNode, ResponseNode, SecurityRequirementNode } from '../model/types.js';
import { HTTP_METHODS } from '../model/types.js';
import { escapePointerToken, resolvePointer } from './loadContract.js';
import type { SchemaNormalizer } from './normalizeSchema.js';
import { type Diagnostics, cmp } from '../diagnostics/Diagnostics.js';

type Raw = Record<string, unknown>;

const LOCATION_ORDER: Record<ParameterLocation, number> = { path: 0, query: 1, header: 2, cookie: 3 };

/**
 * Normalizes the operations of a bundled document, sorted by path then method. A `$ref` that leads nowhere is an
 * `RSL_REF_UNRESOLVED` error; a path parameter the template names but nothing declares is a warning and typed as
 * a string.
 * @param doc the bundled document
 * @param schemas the schema pass
 * @param diagnostics where findings go
 * @see https://spec.openapis.org/oas/v3.1.0#paths-object
 */
export function normalizeOperations(doc: Raw, schemas: SchemaNormalizer, diagnostics: Diagnostics): OperationNode[] {
  return new OperationNormalizer(doc, schemas, diagnostics).all();
}

class OperationNormalizer {
  constructor(
    readonly doc: Raw,
    readonly schemas: SchemaNormalizer,
    readonly diagnostics: Diagnostics,
  ) {}

  all(): OperationNode[] {
    const paths = (this.doc['paths'] && typeof this.doc['paths'] === 'object' ? this.doc['paths'] : {}) as Raw;
    const operations: OperationNode[] = [];
    for (const pathKey of Object.keys(paths).sort(cmp)) {
      const itemPointer = `#/paths/${escapePointerToken(pathKey)}`;
      const { value: item, pointer: itemAt } = this.deref<Raw>(paths[pathKey], itemPointer);
      if (!item || typeof item !== 'object') continue;
      for (const method of HTTP_METHODS) {
        const op = item[method] as Raw | undefined;
        if (op && typeof op === 'object') operations.push(this.operation(pathKey, method, op, item, itemAt, `${itemPointer}/${method}`));
      }
      for (const [method, name] of additionalMethods(item)) {
        const op = (item['additionalOperations'] as Raw)[name] as Raw;
        operations.push(this.operation(pathKey, method, op, item, itemAt, `${itemPointer}/additionalOperations/${escapePointerToken(name)}`));
      }
    }
    return operations;
  }

  /** Follows `$ref`s (at most 32) to the object they name; an unresolved one is reported. */
  deref<T>(value: unknown, pointer: string): { value: T | undefined; pointer: string } {
    let current = value;
    let at = pointer;
    for (let hops = 0; hops < 32 && current && typeof current === 'object' && typeof (current as Raw)['$ref'] === 'string'; hops++) {
      const ref = (current as Raw)['$ref'] as string;
      const target = resolvePointer(this.doc, ref);
      if (target === undefined) {
        this.diagnostics.add({ code: 'RSL_REF_UNRESOLVED', severity: 'error', message: `$ref "${ref}" does not resolve`, location: at, hint: 'Point the $ref at an existing object.' });
        return { value: undefined, pointer: at };
      }
      current = target;
      at = ref;
    }
    return { value: current as T, pointer: at };
  }

  operation(pathKey: string, method: HttpMethod, op: Raw, item: Raw, itemAt: string, pointer: string): OperationNode {
    // In this order: schemas met first get their hoisted names first, and diagnostics keep the contract's order.
    const parameters = this.parameters(pathKey, method, op, item, itemAt, pointer);
    const requestBody = this.requestBody(op, pointer);
    const responses = this.responses(op, pointer);
    const node: OperationNode = {
      kind: 'operation',
      key: `${method.toUpperCase()} ${pathKey}`,
      method,
      path: pathKey,
      tags: Array.isArray(op['tags']) ? (op['tags'] as unknown[]).filter((t): t is string => typeof t === 'string') : [],
      deprecated: op['deprecated'] === true,
      parameters,
      responses,
      security: security(op['security'] ?? this.doc['security']),
      pointer,
    };
    // The members after `pointer`, in the model's key order.
    if (typeof op['operationId'] === 'string' && op['operationId'] !== '') node.operationId = op['operationId'];
    if (typeof op['summary'] === 'string') node.summary = op['summary'];
    if (typeof op['description'] === 'string') node.description = op['description'];
    if (requestBody) node.requestBody = requestBody;
    return node;
  }

  /** The path item's and the operation's parameters (the operation's win), path ones in template order first, each once. */
  parameters(pathKey: string, method: string, op: Raw, item: Raw, itemAt: string, pointer: string): ParameterNode[] {
    const params = new Map<string, ParameterNode>();
    const add = (list: unknown, at: string) => {
      if (!Array.isArray(list)) return;
      list.forEach((raw, i) => {
        const p = this.parameter(raw, `${at}/parameters/${i}`);
        if (p) params.set(`${p.in}:${p.name}`, p);
      });
    };
    add(item['parameters'], itemAt);
    add(op['parameters'], pointer);
    // A name the template repeats (`/System.{location}/…/fabricLocations/{location}`) is one parameter filling
    // every place it appears (OpenAPI 3.x, Path Templating: each template expression corresponds to a path parameter).
    const templateNames = [...new Set([...pathKey.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? ''))];
    for (const name of templateNames) {
      if (params.has(`path:${name}`)) continue;
      this.diagnostics.add({
        code: 'RSL_PATH_PARAM_UNDECLARED',
        severity: 'warning',
        message: `path parameter "${name}" is not declared; it is typed as string`,
        location: `${method.toUpperCase()} ${pathKey}`,
        hint: `Declare { name: ${name}, in: path, required: true } on the path item or operation.`,
      });
      params.set(`path:${name}`, { kind: 'parameter', name, in: 'path', required: true, schema: { kind: 'string', pointer }, style: 'simple', explode: false, pointer });
    }
    const pathParams = templateNames.map((n) => params.get(`path:${n}`)).filter((p): p is ParameterNode => p !== undefined);
    const otherParams = [...params.values()].filter((p) => p.in !== 'path').sort((a, b) => LOCATION_ORDER[a.in] - LOCATION_ORDER[b.in]);
    return [...pathParams, ...otherParams];
  }

  parameter(raw: unknown, pointer: string): ParameterNode | undefined {
    const { value: p, pointer: at } = this.deref<Raw>(raw, pointer);
    if (!p || typeof p['name'] !== 'string' || typeof p['in'] !== 'string') return undefined;
    const location = p['in'] as ParameterLocation;
    if (!(location in LOCATION_ORDER)) return undefined;
    let schemaRaw = p['schema'];
    if (schemaRaw === undefined && p['content'] && typeof p['content'] === 'object') schemaRaw = (Object.values(p['content'] as Raw)[0] as Raw | undefined)?.['schema'];
    const style = typeof p['style'] === 'string' ? p['style'] : location === 'query' || location === 'cookie' ? 'form' : 'simple';
    const node: ParameterNode = {
      kind: 'parameter',
      name: p['name'],
      in: location,
      required: location === 'path' ? true : p['required'] === true,
      schema: this.schemas.normalize(schemaRaw ?? { type: 'string' }, `${at}/schema`),
      style,
      explode: typeof p['explode'] === 'boolean' ? p['explode'] : style === 'form',
      pointer: at,
    };
    if (typeof p['description'] === 'string') node.description = p['description'];
    if (p['deprecated'] === true) node.deprecated = true;
    return node;
  }

  requestBody(op: Raw, pointer: string): RequestBodyNode | undefined {
    if (op['requestBody'] === undefined) return undefined;
    const { value: body, pointer: bodyAt } = this.deref<Raw>(op['requestBody'], `${pointer}/requestBody`);
    if (!body) return undefined;
    const node: RequestBodyNode = { kind: 'request-body', required: body['required'] === true, contents: this.media(body['content'], `${bodyAt}/content`), pointer: bodyAt };
    if (typeof body['description'] === 'string') node.description = body['description'];
    return node;
  }

  responses(op: Raw, pointer: string): ResponseNode[] {
    const raw = (op['responses'] && typeof op['responses'] === 'object' ? op['responses'] : {}) as Raw;
    return Object.keys(raw)
      .sort(cmp)
      .flatMap((status) => {
        const { value: r, pointer: at } = this.deref<Raw>(raw[status], `${pointer}/responses/${escapePointerToken(status)}`);
        if (!r) return [];
        const node: ResponseNode = { kind: 'response', status: String(status), contents: this.media(r['content'], `${at}/content`), pointer: at };
        if (typeof r['description'] === 'string') node.description = r['description'];
        const headers = r['headers'] && typeof r['headers'] === 'object' ? Object.keys(r['headers'] as Raw).sort(cmp) : [];
        if (headers.length > 0) node.headers = headers;
        return [node];
      });
  }

  /** The media types of a `content` map, JSON first, each with its schema and its first example. */
  media(content: unknown, pointer: string): MediaContent[] {
    if (!content || typeof content !== 'object') return [];
    return Object.keys(content as Raw)
      .sort((a, b) => mediaRank(a) - mediaRank(b) || cmp(a, b))
      .map((mediaType) => {
        const m = ((content as Raw)[mediaType] ?? {}) as Raw;
        const at = `${pointer}/${escapePointerToken(mediaType)}`;
        const out: MediaContent = { mediaType };
        if (m['schema'] !== undefined) out.schema = this.schemas.normalize(m['schema'], `${at}/schema`);
        if (m['itemSchema'] !== undefined) out.itemSchema = this.schemas.normalize(m['itemSchema'], `${at}/itemSchema`);
        if (m['example'] !== undefined) out.example = m['example'];
        else if (m['examples'] && typeof m['examples'] === 'object') {
          const first = Object.keys(m['examples'] as Raw).sort(cmp)[0];
          const ex = first === undefined ? undefined : this.deref<Raw>((m['examples'] as Raw)[first], `${at}/examples/${escapePointerToken(first)}`).value;
          if (ex && ex['value'] !== undefined) out.example = ex['value'];
        }
        return out;
      });
  }
}

/**
 * The operations of a path item's `additionalOperations` map (OpenAPI 3.2): each HTTP method token that is not
 * one of the path item's fixed fields, lower-cased, with its key as written, sorted; a key that is no method
 * token (RFC 9110 §5.6.2), names a fixed field, or repeats another in another case is skipped.
 * @param item the path item
 * @returns `[lower-cased method, key]` pairs
 * @see https://spec.openapis.org/oas/v3.2.0#path-item-additional-operations
 */
function additionalMethods(item: Raw): [string, string][] {
  const map = item['additionalOperations'];
  if (!map || typeof map !== 'object' || Array.isArray(map)) return [];
  const seen = new Set<string>(HTTP_METHODS);
  const out: [string, string][] = [];
  for (const name of Object.keys(map).sort(cmp)) {
    const method = name.toLowerCase();
    const op = (map as Raw)[name];
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || seen.has(method) || !op || typeof op !== 'object') continue;
    seen.add(method);
    out.push([method, name]);
  }
  return out;
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
