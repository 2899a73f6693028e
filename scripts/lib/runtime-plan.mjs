// What the run-time probe (scripts/corpus-runtime.mjs) asks of one contract: per resource of the resource model,
// its list, read, create, update and delete operations with their paths, the list's pagination (core's one
// analysis), the query parameters a filter or sort can use, and where each operation's schemas are in the
// document (JSON pointers, for ajv). Built from the built core (`pnpm build` first).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const core = async () => ({ ...(await import(path.join(ROOT, 'packages/core/lib/index.js'))), ...(await import(path.join(ROOT, 'packages/core/lib/host.js'))) });

/** Escapes one JSON pointer token. */
const esc = (t) => t.replace(/~/g, '~0').replace(/\//g, '~1');

/** The JSON media type of a content map, if any (`application/json`, `application/vnd.x+json`, `*\/*`). */
export function jsonMedia(content) {
  const types = Object.keys(content ?? {});
  return types.find((t) => /^application\/json\b/i.test(t)) ?? types.find((t) => /[/+]json\b/i.test(t)) ?? types.find((t) => t === '*/*');
}

/**
 * The responses of an operation of the raw document: status key → JSON schema pointer (undefined: no JSON body).
 * @param {any} document the bundled document
 * @param {string} method lower-case method
 * @param {string} route the path key
 */
export function responsePointers(document, method, route) {
  const op = document.paths?.[route]?.[method];
  const out = {};
  for (const [status, response] of Object.entries(op?.responses ?? {})) {
    const resolved = response?.$ref ? refTarget(document, response.$ref) : response;
    const media = jsonMedia(resolved?.content);
    const base = response?.$ref ?? `#/paths/${esc(route)}/${method}/responses/${esc(status)}`;
    out[status] = media && resolved.content[media]?.schema ? `${base}/content/${esc(media)}/schema` : undefined;
  }
  return out;
}

/** The object a local `$ref` names. */
function refTarget(document, ref) {
  let node = document;
  for (const token of ref.slice(2).split('/')) node = node?.[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node?.$ref ? refTarget(document, node.$ref) : node;
}

/**
 * The example a parameter of the raw document gives, on itself or on its schema (`example`, else the first of
 * `examples`), when it is a string or a number.
 * @param {any} document the bundled document
 * @param {string} pointer the parameter's JSON pointer
 */
function parameterExample(document, pointer) {
  const param = refTarget(document, pointer);
  const schema = param?.schema?.$ref ? refTarget(document, param.schema.$ref) : param?.schema;
  const first = (examples) => (examples && typeof examples === 'object' ? Object.values(examples)[0] : undefined);
  const example = param?.example ?? first(param?.examples)?.value ?? schema?.example ?? first(schema?.examples);
  return typeof example === 'string' || typeof example === 'number' ? example : undefined;
}

/** The request body of an operation: its JSON schema pointer and whether the body has required properties. */
function requestBody(document, method, route) {
  const op = document.paths?.[route]?.[method];
  const body = op?.requestBody?.$ref ? refTarget(document, op.requestBody.$ref) : op?.requestBody;
  const media = jsonMedia(body?.content);
  if (!media || !body.content[media]?.schema) return undefined;
  const base = op.requestBody.$ref ?? `#/paths/${esc(route)}/${method}/requestBody`;
  const pointer = `${base}/content/${esc(media)}/schema`;
  let schema = body.content[media].schema;
  if (schema.$ref) schema = refTarget(document, schema.$ref);
  const required = [...(schema?.required ?? []), ...(schema?.allOf ?? []).flatMap((s) => (s.$ref ? refTarget(document, s.$ref) : s)?.required ?? [])];
  return { pointer, media, required };
}

/** One operation of the plan: method, path, its path parameters, responses and request body. */
function planOperation(document, node) {
  const route = node.path;
  const pathParams = node.parameters.filter((p) => p.in === 'path');
  const params = [...route.replace(/#.*$/, '').matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const paramSchemas = Object.fromEntries(pathParams.map((p) => [p.name, p.schema]));
  const paramExamples = Object.fromEntries(pathParams.flatMap((p) => {
    const example = parameterExample(document, p.pointer.replace(/\/schema$/, ''));
    return example === undefined ? [] : [[p.name, example]];
  }));
  const query = node.parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: p.required === true, schema: p.schema }));
  return { method: node.method, path: route, params, paramSchemas, paramExamples, query, responses: responsePointers(document, node.method, route), body: requestBody(document, node.method, route) };
}

/**
 * The probe plan of a contract.
 * @param {string} file the contract
 * @returns {Promise<{ document: any, resources: Array<{ resource: string, list?: any, read?: any, create?: any, update?: any, delete?: any }> }>}
 */
export async function planContract(file) {
  const { loadContract, normalizeContract, detectResources, Diagnostics, describeOperation, listPagination, getSchemaTypeNames } = await core();
  const loaded = await loadContract(file);
  const diagnostics = new Diagnostics();
  const model = detectResources(normalizeContract(loaded, diagnostics), diagnostics);
  const names = getSchemaTypeNames(model);
  const byKey = new Map(model.operations.map((o) => [o.key, o]));
  const resources = [];
  for (const resource of model.resources) {
    const entry = { resource: resource.resource };
    for (const op of resource.operations) {
      if (!['list', 'read', 'create', 'update', 'delete'].includes(op.role) || entry[op.role]) continue;
      const node = byKey.get(op.operationKey);
      if (!node) continue;
      entry[op.role] = planOperation(loaded.document, node);
      if (op.role === 'list') entry.list.pagination = listPagination(describeOperation(model, resource, op), names).pagination;
    }
    if (entry.list || entry.read) resources.push(entry);
  }
  return { document: loaded.document, resources };
}
