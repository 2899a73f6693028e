import { escapePointerToken, resolvePointer } from '@reslayer/core/host';

/** Where a raw diff was made in the document as written (before api-smart-diff inlined the `$ref`s). */
export interface Origin {
  /** JSON pointer, e.g. `#/components/schemas/Contact/properties/lastName`. */
  pointer: string;
  /** The component schema the pointer lies in, e.g. `Contact`. */
  schema?: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object';

/** A parameter's identity: api-smart-diff indexes the merged (path-item + operation) parameter list. */
export interface ParameterIdentity {
  name: string;
  in: string;
}

/**
 * Follows a raw diff's JSON path through the document as written, jumping through internal `$ref`s (and
 * into `allOf` members, which api-smart-diff merges), so a change that api-smart-diff reports at each
 * place a schema is used is traced back to the one place it was made.
 * @param doc the contract document (bundled: every `$ref` internal)
 * @param path the raw diff's path (in api-smart-diff's resolved view)
 * @param parameterAt the identity of the parameter at a `parameters/<index>` step (from the merged document)
 * @returns the pointer of the deepest node reached, with the path's remaining steps appended
 */
export function originOf(doc: unknown, path: ReadonlyArray<string | number>, parameterAt: (upTo: number) => ParameterIdentity | undefined): Origin {
  let node: unknown = doc;
  let pointer = '#';
  const deref = () => {
    for (let guard = 0; guard < 64 && isObject(node) && typeof node['$ref'] === 'string' && node['$ref'].startsWith('#'); guard++) {
      pointer = node['$ref'];
      node = resolvePointer(doc, pointer);
    }
  };
  let i = 0;
  for (; i < path.length; i++) {
    deref();
    const seg = path[i] as string | number;
    if (typeof seg === 'number' && path[i - 1] === 'parameters' && path[0] === 'paths') {
      const found = findParameter(doc, path, i, parameterAt(i));
      if (!found) break;
      ({ node, pointer } = found);
      continue;
    }
    if (isObject(node) && Object.hasOwn(node, String(seg))) {
      node = node[String(seg)];
      pointer += `/${escapePointerToken(String(seg))}`;
      continue;
    }
    const member = isObject(node) && Array.isArray(node['allOf']) ? allOfMember(doc, node['allOf'], pointer, String(seg)) : undefined;
    if (!member) break;
    ({ node, pointer } = member);
    node = (node as Json)[String(seg)];
    pointer += `/${escapePointerToken(String(seg))}`;
  }
  for (; i < path.length; i++) pointer += `/${escapePointerToken(String(path[i]))}`;
  const schema = /^#\/components\/schemas\/([^/]+)/.exec(pointer)?.[1];
  return { pointer, ...(schema !== undefined ? { schema: schema.replace(/~1/g, '/').replace(/~0/g, '~') } : {}) };
}

/** The `allOf` member (after `$ref`s) that has `key`, with its pointer. */
function allOfMember(doc: unknown, members: unknown[], at: string, key: string): { node: unknown; pointer: string } | undefined {
  for (const [index, raw] of members.entries()) {
    let node: unknown = raw;
    let pointer = `${at}/allOf/${index}`;
    for (let guard = 0; guard < 64 && isObject(node) && typeof node['$ref'] === 'string' && node['$ref'].startsWith('#'); guard++) {
      pointer = node['$ref'];
      node = resolvePointer(doc, pointer);
    }
    if (isObject(node) && Object.hasOwn(node, key)) return { node, pointer };
    if (isObject(node) && Array.isArray(node['allOf'])) {
      const deeper = allOfMember(doc, node['allOf'], pointer, key);
      if (deeper) return deeper;
    }
  }
  return undefined;
}

/** The parameter named in `identity` among the operation's, then the path item's, parameters. */
function findParameter(doc: unknown, path: ReadonlyArray<string | number>, index: number, identity: ParameterIdentity | undefined): { node: unknown; pointer: string } | undefined {
  if (!identity || index < 4) return undefined;
  const pathItem = `#/paths/${escapePointerToken(String(path[1]))}`;
  for (const owner of [`${pathItem}/${escapePointerToken(String(path[2]))}`, pathItem]) {
    const list = resolvePointer(doc, `${owner}/parameters`);
    if (!Array.isArray(list)) continue;
    for (const [i, raw] of list.entries()) {
      let node: unknown = raw;
      let pointer = `${owner}/parameters/${i}`;
      for (let guard = 0; guard < 64 && isObject(node) && typeof node['$ref'] === 'string' && node['$ref'].startsWith('#'); guard++) {
        pointer = node['$ref'];
        node = resolvePointer(doc, pointer);
      }
      if (isObject(node) && node['name'] === identity.name && node['in'] === identity.in) return { node, pointer };
    }
  }
  return undefined;
}

/**
 * A short label of a pointer for messages: `Contact.address.city`, `Contact.tags[]`; for a pointer
 * outside the component schemas, undefined.
 * @param pointer an origin pointer
 */
export function schemaLabel(pointer: string): string | undefined {
  const m = /^#\/components\/schemas\/([^/]+)(.*)$/.exec(pointer);
  if (!m) return undefined;
  const tokens = (m[2] ?? '').split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  let label = (m[1] as string).replace(/~1/g, '/').replace(/~0/g, '~');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (t === 'properties' && i + 1 < tokens.length) label += `.${tokens[++i] as string}`;
    else if (t === 'items') label += '[]';
    else if (t === 'additionalProperties') label += '{}';
    else if (/^(allOf|oneOf|anyOf)$/.test(t) && i + 1 < tokens.length) label += `<${t} ${tokens[++i] as string}>`;
    else break;
  }
  return label;
}
