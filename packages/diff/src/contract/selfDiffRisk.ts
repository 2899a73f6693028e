// Where api-smart-diff (1.0.x) reports differences between a part of a contract and an identical copy of it.
// Its key and array mappings pick the first match without checking whether it is taken, so a few shapes map
// two entries onto one and report the other as added or removed even when nothing changed. The pre-filter
// (prefilter.ts) keeps such parts, so those reports stay exactly as they were.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object';

/** HTTP methods of a path item (the ones api-smart-diff merges path-level parameters into). */
const METHOD_KEYS: ReadonlySet<string> = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);

/**
 * The path key as api-smart-diff's path mapping compares it: every `{param}` becomes `*`. Two keys of one
 * document with the same template both map onto the first one of the other document.
 * @param key a key of `paths`
 */
export function pathTemplate(key: string): string {
  return key.replace(/{.*?}/g, '*');
}

/**
 * Whether comparing `value` (a path item or a component) with an identical copy may give api-smart-diff
 * results: a media-type map whose wildcard / parameter matching is not one to one, duplicate values in
 * `tags`, `enum` or security scopes, response codes equal but for case, or (in a path item) two parameters
 * of one operation with the same `in` and `name`.
 * @param value the part, as written
 * @param root the document it belongs to (parameter `$ref`s are resolved in it)
 * @param pathItem whether `value` is an entry of `paths`
 */
export function selfDiffRisk(value: unknown, root: unknown, pathItem: boolean): boolean {
  if (pathItem && isObject(value) && duplicateParameters(value, root)) return true;
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'content' && isObject(child) && !Array.isArray(child) && !mediaTypesOneToOne(Object.keys(child))) return true;
      if ((key === 'tags' || key === 'enum') && Array.isArray(child) && hasDuplicates(child)) return true;
      if (key === 'security' && Array.isArray(child) && child.some((req) => isObject(req) && Object.values(req).some((s) => Array.isArray(s) && hasDuplicates(s)))) return true;
      if (key === 'responses' && isObject(child) && !Array.isArray(child) && new Set(Object.keys(child).map((k) => k.toLocaleLowerCase())).size !== Object.keys(child).length) return true;
      stack.push(child);
    }
  }
  return false;
}

/** A primitive that occurs twice (api-smart-diff's enum mapping matches with `indexOf`). */
function hasDuplicates(list: readonly unknown[]): boolean {
  return list.some((v, i) => !isObject(v) && list.indexOf(v) !== i);
}

/** Whether api-smart-diff's media-type mapping maps each key of a content map onto itself. */
function mediaTypesOneToOne(keys: readonly string[]): boolean {
  const types = keys.map((k) => k.split(';')[0] ?? '');
  const matches = (a: string, b: string) => {
    const [r, n] = a.split('/');
    const [s, o] = b.split('/');
    return (r === s || r === '*' || s === '*') && (n === o || n === '*' || o === '*');
  };
  return types.every((t, i) => types.findIndex((other) => matches(other, t)) === i);
}

/**
 * Two parameters of one operation (path-level ones appended, as api-smart-diff does when the path item has
 * other keys than methods) with the same `in` and `name`, after one `$ref` step.
 */
function duplicateParameters(item: Json, root: unknown): boolean {
  const keys = Object.keys(item);
  const merges = keys.some((k) => !METHOD_KEYS.has(k));
  const shared = merges && Array.isArray(item['parameters']) ? (item['parameters'] as unknown[]) : [];
  for (const method of keys) {
    const op = item[method];
    if (!METHOD_KEYS.has(method) || !isObject(op)) continue;
    const own = Array.isArray(op['parameters']) ? (op['parameters'] as unknown[]) : [];
    const ids = [...own, ...shared].map((p) => {
      const resolved = isObject(p) && typeof p['$ref'] === 'string' && p['$ref'] ? resolveLikeLibrary(root, p['$ref']) : p;
      const field = (k: string) => (isObject(resolved) && typeof resolved[k] === 'string' ? (resolved[k] as string) : undefined);
      return `${field('in') ?? '\u0000'}\u0001${field('name') ?? ''}`;
    });
    if (ids.some((id, i) => ids.indexOf(id) !== i)) return true;
  }
  return false;
}

/**
 * Resolves a `$ref` the way api-smart-diff does (its `resolveRef`): internal only, tokens URI-decoded, and a
 * `$ref` met on the way followed (without consuming the token, as the library does).
 */
function resolveLikeLibrary(root: unknown, ref: string, seen: string[] = []): unknown {
  const [file = '', fragment] = ref.split('#');
  if (file) return undefined;
  const pointer = fragment && fragment !== '/' ? fragment : '';
  if (!isObject(root) || seen.includes(pointer)) return undefined;
  let tokens: string[];
  try {
    tokens = pointer.split('/').map((t) => decodeURIComponent(t.replace(/~1/g, '/').replace(/~0/g, '~'))).slice(1);
  } catch {
    return undefined;
  }
  let node: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(node) && node.length > Number(token)) node = node[Number(token)];
    else if (isObject(node) && token in node) node = node[token];
    else if (isObject(node) && typeof node['$ref'] === 'string' && node['$ref']) node = resolveLikeLibrary(root, node['$ref'], [...seen, pointer]);
    else return undefined;
  }
  return node;
}
