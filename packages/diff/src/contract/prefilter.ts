import { pathTemplate, selfDiffRisk } from './selfDiffRisk.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object';
const isRecord = (v: unknown): v is Json => isObject(v) && !Array.isArray(v);

/** A component section kept whole: small, and the security rules read it by name, not by `$ref`. */
const WHOLE_SECTIONS: ReadonlySet<string> = new Set(['securitySchemes']);

/** Two documents cut down to the parts whose comparison can give results. */
export interface Prefiltered {
  before: unknown;
  after: unknown;
  /** Entries of `paths` and of the cut component sections in either document, and how many were kept. */
  items: number;
  kept: number;
}

/**
 * A region of a document: `paths\0<key>` or `components/<section>\0<name>` for an entry the filter may drop;
 * `top\0<member>` or `components\0<section>` for a part it keeps whole (`info`, webhooks, `securitySchemes`, …).
 */
type RegionId = string;
const SEP = '\u0000';
const isWhole = (id: RegionId) => id.startsWith(`top${SEP}`) || id.startsWith(`components${SEP}`);

/** What is cut: `paths` and `components` when an object (or absent) in both documents, and which sections. */
interface Plan {
  paths: boolean;
  components: boolean;
  sections: ReadonlySet<string>;
}

/**
 * Cuts two OpenAPI 3.x documents down to what api-smart-diff needs to find every difference between them,
 * so it inlines far fewer `$ref`s. An entry of `paths` or of a component section (`schemas`, `responses`,
 * `parameters`, …) is kept when
 * - it differs between the documents (as written, key order included), or is in one of them only;
 * - it `$ref`s, directly or through other entries, anything that differs (an entry, or a part kept whole);
 * - api-smart-diff may report it even unchanged (`selfDiffRisk`), or its path shares a template
 *   (`/a/{x}` and `/a/{y}`) with another path, which the library's path mapping pairs up by position;
 * - it is itself a `$ref` (the library's cycle check compares reference locations as string prefixes);
 * - or a kept entry reaches it through `$ref`s (in either document), so the library can inline it.
 *
 * Everything else (`info`, `servers`, `security`, `tags`, webhooks, `components.securitySchemes`, …) is kept
 * as it is. An unchanged entry that reaches nothing changed compares equal to itself, so dropping it drops
 * no result; the kept entries keep their order, so the results come in the same order too. Documents the
 * library would not compare as OpenAPI 3.x, and `$ref`s the filter cannot place (a whole section or
 * document, a malformed pointer), leave both documents untouched.
 * @param before the old document (bundled: all `$ref`s internal)
 * @param after the new document
 * @returns the documents to hand to api-smart-diff (new top-level objects; the entries are shared, not copied)
 */
export function prefilterContracts(before: unknown, after: unknown): Prefiltered {
  const untouched = { before, after, items: 0, kept: 0 };
  if (!isRecord(before) || !isRecord(after) || typeof before['openapi'] !== 'string' || !/3.+/.test(before['openapi'])) return untouched;
  const plan = planOf(before, after);
  const [old, neu] = [regionsOf(before, plan), regionsOf(after, plan)];
  const ids = new Set<RegionId>([...old.keys(), ...neu.keys()]);

  const edges = new Map<RegionId, Set<RegionId>>();
  const referrers = new Map<RegionId, RegionId[]>();
  for (const regions of [old, neu]) {
    for (const [id, value] of regions) {
      const targets = refTargets(value, plan);
      if (targets === null) return untouched;
      let set = edges.get(id);
      if (!set) edges.set(id, (set = new Set<RegionId>()));
      for (const t of targets) {
        if (set.has(t)) continue;
        set.add(t);
        const list = referrers.get(t);
        if (list) list.push(id);
        else referrers.set(t, [id]);
      }
    }
  }

  const seeds = new Set<RegionId>();
  const templates = new Map<string, RegionId[]>();
  for (const id of ids) {
    const b = old.get(id);
    const a = neu.get(id);
    const pathItem = id.startsWith(`paths${SEP}`);
    const risky = () => !isWhole(id) && (selfDiffRisk(b, before, pathItem) || selfDiffRisk(a, after, pathItem));
    if (!old.has(id) || !neu.has(id) || !sameJson(b, a, 0) || risky()) seeds.add(id);
    if (pathItem) {
      const template = pathTemplate(id.slice(`paths${SEP}`.length));
      templates.set(template, [...(templates.get(template) ?? []), id]);
    }
  }
  for (const group of templates.values()) if (group.length > 1) for (const id of group) seeds.add(id);

  // Affected: the seeds and everything that reaches one of them. Kept: the affected entries, `$ref`
  // entries, and all they reach (to be inlined); a part kept whole matters only where it is reached.
  const affected = closure(seeds, (id) => referrers.get(id) ?? []);
  const start = [...affected].filter((id) => !isWhole(id));
  for (const regions of [old, neu]) for (const [id, value] of regions) if (!isWhole(id) && isRecord(value) && typeof value['$ref'] === 'string') start.push(id);
  const reach = closure(start, (id) => edges.get(id) ?? []);

  const cutIds = [...ids].filter((id) => !isWhole(id));
  return { before: cut(before, plan, reach), after: cut(after, plan, reach), items: cutIds.length, kept: cutIds.filter((id) => reach.has(id)).length };
}

function planOf(before: Json, after: Json): Plan {
  const docs = [before, after];
  const cuttable = (v: unknown) => v === undefined || isRecord(v);
  const paths = docs.every((d) => cuttable(d['paths']));
  const components = docs.every((d) => cuttable(d['components']));
  const sections = new Set<string>();
  const all = components ? docs.flatMap((d) => Object.entries((d['components'] ?? {}) as Json)) : [];
  for (const [section, map] of all) if (isRecord(map) && !WHOLE_SECTIONS.has(section)) sections.add(section);
  for (const [section, map] of all) if (!isRecord(map)) sections.delete(section);
  return { paths, components, sections };
}

/** The regions of a document, by id, in document order. */
function regionsOf(doc: Json, plan: Plan): Map<RegionId, unknown> {
  const regions = new Map<RegionId, unknown>();
  for (const [key, value] of Object.entries(doc)) {
    if (key === 'paths' && plan.paths && isRecord(value)) {
      for (const [path, item] of Object.entries(value)) regions.set(`paths${SEP}${path}`, item);
    } else if (key === 'components' && plan.components && isRecord(value)) {
      for (const [section, map] of Object.entries(value)) {
        if (plan.sections.has(section) && isRecord(map)) for (const [name, entry] of Object.entries(map)) regions.set(`components/${section}${SEP}${name}`, entry);
        else regions.set(`components${SEP}${section}`, map);
      }
    } else regions.set(`top${SEP}${key}`, value);
  }
  return regions;
}

/** A copy of the document's top level with only the entries in `keep` (order kept). */
function cut(doc: Json, plan: Plan, keep: ReadonlySet<RegionId>): Json {
  const pick = (map: Json, prefix: string) => Object.fromEntries(Object.entries(map).filter(([key]) => keep.has(`${prefix}${SEP}${key}`)));
  const out: Json = { ...doc };
  const paths = doc['paths'];
  if (plan.paths && isRecord(paths)) out['paths'] = pick(paths, 'paths');
  const components = doc['components'];
  if (plan.components && isRecord(components)) {
    out['components'] = Object.fromEntries(
      Object.entries(components).map(([section, map]) => [section, plan.sections.has(section) && isRecord(map) ? pick(map, `components/${section}`) : map]),
    );
  }
  return out;
}

/** Everything reachable from `start` through `next` (start included). */
function closure(start: Iterable<RegionId>, next: (id: RegionId) => Iterable<RegionId>): Set<RegionId> {
  const done = new Set<RegionId>(start);
  const queue = [...done];
  while (queue.length > 0) {
    for (const n of next(queue.pop() as RegionId)) {
      if (done.has(n)) continue;
      done.add(n);
      queue.push(n);
    }
  }
  return done;
}

/**
 * The regions the `$ref`s inside `value` point into (`$ref`s to other files are left out: the library does
 * not follow them), or null when one cannot be placed: a whole cut section, `paths` or the document, a
 * pointer without a leading `/`, or one that does not URI-decode (the library decodes tokens).
 */
function refTargets(value: unknown, plan: Plan): RegionId[] | null {
  const out: RegionId[] = [];
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    if (!Array.isArray(node) && typeof node['$ref'] === 'string' && node['$ref']) {
      const target = refTarget(node['$ref'], plan);
      if (target === null) return null;
      if (target !== undefined) out.push(target);
    }
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (isObject(child)) stack.push(child);
  }
  return out;
}

function refTarget(ref: string, plan: Plan): RegionId | undefined | null {
  const [file = '', fragment = ''] = ref.split('#');
  if (file) return undefined;
  if (!fragment.startsWith('/') || fragment === '/') return null;
  let tokens: string[];
  try {
    tokens = fragment.split('/').map((t) => decodeURIComponent(t.replace(/~1/g, '/').replace(/~0/g, '~'))).slice(1);
  } catch {
    return null;
  }
  const [top = '', section, name] = tokens;
  if (top === 'paths' && plan.paths) return section === undefined ? null : `paths${SEP}${section}`;
  if (top === 'components' && plan.components) {
    if (section === undefined) return null;
    if (!plan.sections.has(section)) return `components${SEP}${section}`;
    return name === undefined ? null : `components/${section}${SEP}${name}`;
  }
  return `top${SEP}${top}`;
}

/**
 * Deep equality of two JSON values, key order included (api-smart-diff's mappings pick the first match, so
 * order can matter). Anything but plain objects, arrays and primitives counts as different.
 */
function sameJson(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b) || depth > 2_000) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] as string;
    if (k !== kb[i] || !sameJson(a[k], b[k], depth + 1)) return false;
  }
  return true;
}
