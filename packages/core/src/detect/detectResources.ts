import type {
  ApiModel,
  CrudRole,
  OperationNode,
  OperationRole,
  ResourceKind,
  ResourceNode,
  ResourceOperation,
  SchemaNode,
} from '../model/types.js';
import { CRUD_ROLES } from '../model/types.js';
import { camelCase, pascalCase, singular } from '../naming/casing.js';
import { safeIdentifier, UniqueNames } from '../naming/identifiers.js';
import { cmp, type Diagnostics } from '../diagnostics/Diagnostics.js';
import { isBinaryMediaType, successResponses } from '../model/queries.js';

/** A path split into segments with the `api` prefix and version segment dropped. */
interface Shape {
  /** Normalized segments, e.g. `['contacts', '{contactId}', 'archive']`. */
  segments: string[];
}

const isParam = (segment: string | undefined): boolean => segment !== undefined && segment.includes('{');

/**
 * Splits a path template into segments and drops a leading `api` segment and a version segment
 * (`v1`, `v2.1`), as the grouping rule says.
 * @param path a path template such as `/api/v1/contacts/{contactId}`
 * @returns the remaining segments, e.g. `['contacts', '{contactId}']`
 */
export function pathShape(path: string): Shape {
  const segments = path.split('/').filter((s) => s !== '');
  if (segments[0]?.toLowerCase() === 'api') segments.shift();
  if (segments[0] !== undefined && /^v\d+(\.\d+)*$/i.test(segments[0])) segments.shift();
  return { segments };
}

interface Group {
  kind: ResourceKind;
  /** Grouping key (unique per group). */
  key: string;
  /** Name candidates from shortest to longest. */
  candidates: string[];
  /** Singular entity source word (PascalCase) or undefined to derive from the name. */
  entityWord?: string;
  action?: string;
  collectionPath?: string;
  itemPath?: string;
  members: Array<{ op: OperationNode; role: OperationRole }>;
}

const ROLE_ORDER: OperationRole[] = ['list', 'read', 'create', 'update', 'delete', 'search', 'summary', 'action', 'download', 'other'];

/**
 * Core's own resource detector (the first `detect` tap). Groups every operation of the model into
 * exactly one resource, following spec §1 "Resource detection rules" and the kinds
 * crud / search / summary / action / download / other.
 *
 * @param model the normalized model (its `resources` are replaced)
 * @param diagnostics where partial-CRUD and rename notes go
 * @returns a new model with `resources` sorted by name
 */
export function detectResources(model: ApiModel, diagnostics: Diagnostics): ApiModel {
  const groups = new Map<string, Group>();
  const group = (key: string, init: () => Omit<Group, 'members' | 'key'>): Group => {
    let g = groups.get(key);
    if (!g) {
      g = { ...init(), key, members: [] };
      groups.set(key, g);
    }
    return g;
  };
  const statics = (segments: string[]) => segments.filter((s) => !isParam(s));

  // Sorted copy: grouping and role assignment must not depend on the order operations arrive in.
  const operations = [...model.operations].sort((a, b) => cmp(a.path, b.path) || cmp(a.method, b.method));
  // Shapes that are collections: they have an item path below them, or a GET that is not a search or download.
  const collections = new Set<string>();
  for (const op of operations) {
    const { segments } = pathShape(op.path);
    const last = segments[segments.length - 1];
    if (isParam(last) && segments.length > 1) collections.add(segments.slice(0, -1).join('/'));
    else if (op.method === 'get' && last !== undefined && last.toLowerCase() !== 'search' && !isBinaryDownload(op)) collections.add(segments.join('/'));
  }

  // Pass 1: collection and item paths with their operations (to decide crud vs. summary later).
  const pending: OperationNode[] = [];
  for (const op of operations) {
    const { segments } = pathShape(op.path);
    const last = segments[segments.length - 1];
    const method = op.method;
    if ((method === 'get' || method === 'post') && last?.toLowerCase() === 'search') {
      const words = statics(segments);
      group(`search:${segments.join('/')}`, () => ({ kind: 'search', candidates: nameCandidates(words) })).members.push({ op, role: 'search' });
      continue;
    }
    const prev = segments[segments.length - 2];
    const collection = segments[segments.length - 3];
    if (
      method !== 'get' &&
      segments.length >= 3 &&
      last !== undefined &&
      !isParam(last) &&
      isParam(prev) &&
      collection !== undefined &&
      !isParam(collection) &&
      !collections.has(segments.join('/'))
    ) {
      const base = segments.slice(0, -2);
      const words = [...statics(base), last];
      group(`action:${segments.join('/')}`, () => ({
        kind: 'action',
        candidates: nameCandidates(words),
        entityWord: singular(pascalCase(collection)),
        action: pascalCase(last) || 'Action',
      })).members.push({ op, role: 'action' });
      continue;
    }
    if (method === 'get' && isBinaryDownload(op)) {
      const words = statics(segments);
      if (words.length === 0 || words[words.length - 1]?.toLowerCase() !== 'download') words.push('download');
      const entitySource = [...segments].reverse().find((s, i, arr) => !isParam(s) && isParam(arr[i - 1])) ?? words[0] ?? 'file';
      group(`download:${segments.join('/')}`, () => ({
        kind: 'download',
        candidates: nameCandidates(words),
        entityWord: singular(pascalCase(entitySource)) || 'File',
        action: 'Download',
      })).members.push({ op, role: 'download' });
      continue;
    }
    pending.push(op);
  }

  // Pass 2: collection/item grouping.
  const byCollection = new Map<string, { coll: OperationNode[]; item: OperationNode[]; itemPath?: string; collectionPath?: string; segments: string[] }>();
  const others: OperationNode[] = [];
  for (const op of pending) {
    const { segments } = pathShape(op.path);
    const last = segments[segments.length - 1];
    const prev = segments[segments.length - 2];
    if (last !== undefined && !isParam(last)) {
      const key = segments.join('/');
      const entry = byCollection.get(key) ?? { coll: [], item: [], segments };
      entry.coll.push(op);
      entry.collectionPath ??= op.path;
      byCollection.set(key, entry);
    } else if (isParam(last) && prev !== undefined && !isParam(prev)) {
      const collSegments = segments.slice(0, -1);
      const key = collSegments.join('/');
      const entry = byCollection.get(key) ?? { coll: [], item: [], segments: collSegments };
      entry.item.push(op);
      entry.itemPath ??= op.path;
      byCollection.set(key, entry);
    } else others.push(op);
  }

  for (const [key, entry] of [...byCollection.entries()].sort(([a], [b]) => cmp(a, b))) {
    const collGet = entry.coll.find((o) => o.method === 'get');
    const collPost = entry.coll.find((o) => o.method === 'post');
    const isCrud = entry.item.length > 0 || collPost !== undefined || (collGet !== undefined && returnsCollection(collGet, model));
    const words = statics(entry.segments);
    if (!isCrud) {
      const onlyGet = entry.coll.every((o) => o.method === 'get' || o.method === 'head' || o.method === 'options');
      const kind: ResourceKind = onlyGet ? 'summary' : 'other';
      const g = group(`${kind}:${key}`, () => ({ kind, candidates: nameCandidates(words) }));
      for (const op of entry.coll) g.members.push({ op, role: onlyGet && op === collGet ? 'summary' : 'other' });
      continue;
    }
    const g = group(`crud:${key}`, () => ({
      kind: 'crud',
      candidates: nameCandidates(words, true),
      ...(entry.collectionPath !== undefined ? { collectionPath: entry.collectionPath } : {}),
      ...(entry.itemPath !== undefined ? { itemPath: entry.itemPath } : {}),
    }));
    for (const op of entry.coll) g.members.push({ op, role: op === collGet ? 'list' : op === collPost ? 'create' : 'other' });
    const itemPatch = entry.item.find((o) => o.method === 'patch');
    const itemPut = entry.item.find((o) => o.method === 'put');
    const update = itemPatch ?? itemPut;
    const itemGet = entry.item.find((o) => o.method === 'get');
    const itemDelete = entry.item.find((o) => o.method === 'delete');
    // Item paths of one collection may differ in their parameter name; the first sorted one wins the roles.
    for (const op of entry.item) {
      const role: OperationRole = op === itemGet ? 'read' : op === update ? 'update' : op === itemDelete ? 'delete' : 'other';
      g.members.push({ op, role });
    }
  }
  for (const op of others) {
    const { segments } = pathShape(op.path);
    const words = statics(segments);
    group(`other:${segments.join('/')}`, () => ({ kind: 'other', candidates: nameCandidates(words.length ? words : ['root']) })).members.push({ op, role: 'other' });
  }

  const sorted = [...groups.values()].sort((a, b) => cmp(a.key, b.key));
  const names = assignNames(sorted, diagnostics);
  const resources = sorted.map((g, i) => buildResource(g, names[i] ?? g.candidates[0] ?? 'resource', diagnostics));
  resources.sort((a, b) => cmp(a.resource, b.resource));
  return { ...model, resources };
}

/**
 * Name candidates, shortest first, from the trailing static words of a path.
 * CRUD collections start from one word and singularize parents when they need more
 * (`/orgs/{org}/members` → `members`, then `orgMembers`); other kinds start from two words kept as
 * written (`/contacts/{id}/archive` → `contactsArchive`, `/dashboard/summary` → `dashboardSummary`).
 */
function nameCandidates(words: string[], crud = false): string[] {
  const clean = words.map((w) => w.replace(/\{[^}]*\}/g, '')).filter((w) => camelCase(w) !== '');
  if (clean.length === 0) return ['root'];
  const out: string[] = [];
  for (let n = Math.min(crud ? 1 : 2, clean.length); n <= clean.length; n++) {
    const tail = clean.slice(-n);
    const parts = crud ? tail.map((w, i) => (i < tail.length - 1 ? singular(camelCase(w)) : w)) : tail;
    out.push(safeIdentifier(parts.join(' '), 'resource'));
  }
  return out;
}

function assignNames(groups: Group[], diagnostics: Diagnostics): string[] {
  const level = groups.map(() => 0);
  const nameOf = (i: number) => groups[i]?.candidates[level[i] ?? 0] ?? 'resource';
  for (let round = 0; round < 8; round++) {
    const byName = new Map<string, number[]>();
    groups.forEach((_, i) => byName.set(nameOf(i), [...(byName.get(nameOf(i)) ?? []), i]));
    let changed = false;
    for (const indexes of byName.values()) {
      if (indexes.length < 2) continue;
      for (const i of indexes) {
        const g = groups[i];
        if (g && (level[i] ?? 0) < g.candidates.length - 1) {
          level[i] = (level[i] ?? 0) + 1;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  const unique = new UniqueNames();
  return groups.map((g, i) => {
    const wanted = nameOf(i);
    const name = unique.take(wanted);
    if (name !== g.candidates[0]) {
      diagnostics.add({
        code: 'RSL_RESOURCE_RENAMED',
        severity: 'info',
        message: `resource "${g.candidates[0] ?? ''}" at ${g.members[0]?.op.path ?? ''} is named "${name}" to keep names distinct`,
        location: g.members[0]?.op.key ?? '',
        hint: 'Names are made from the parent path segment; a config override is not needed.',
      });
    }
    return name;
  });
}

function buildResource(g: Group, resource: string, diagnostics: Diagnostics): ResourceNode {
  const pascal = entityName(resource, 'Resource');
  const entity = entityName(g.entityWord ?? singular(pascal), 'Entity');
  let pluralName = pascal;
  if (pluralName === entity) pluralName = `${entity}List`;
  const has = new Set(g.members.map((m) => m.role));
  const missingOperations: CrudRole[] = g.kind === 'crud' ? CRUD_ROLES.filter((r) => !has.has(r)) : [];
  const members = [...g.members].sort(
    (a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) || cmp(a.op.path, b.op.path) || cmp(a.op.method, b.op.method),
  );
  const taken = new UniqueNames();
  const operations: ResourceOperation[] = members.map(({ op, role }) => ({
    role,
    name: taken.take(operationName(role, op, { entity, plural: pluralName, resource, action: g.action, firstOfRole: members.find((m) => m.role === role && (m.op.method === 'post' || m.op.method === 'put'))?.op === op })),
    operationKey: op.key,
  }));
  const first = members[0]?.op;
  if (g.kind === 'crud' && missingOperations.length > 0) {
    diagnostics.add({
      code: 'RSL_RESOURCE_PARTIAL',
      severity: 'info',
      message: `resource "${resource}" is a partial CRUD resource; missing: ${missingOperations.join(', ')}`,
      location: first?.key ?? '',
      hint: 'Only the operations the contract declares are generated.',
    });
  }
  const node: ResourceNode = {
    kind: 'resource',
    resourceKind: g.kind,
    resource,
    entity,
    plural: pluralName,
    crudCandidate: g.kind === 'crud' && has.has('list') && has.has('read'),
    missingOperations,
    operations,
    pointer: first?.pointer ?? '#/paths',
  };
  if (g.action !== undefined) node.action = g.action;
  if (g.collectionPath !== undefined) node.collectionPath = g.collectionPath;
  if (g.itemPath !== undefined) node.itemPath = g.itemPath;
  return node;
}

/** PascalCase name part for symbols (`Contact`, `File`): never empty, never starting with a digit. */
function entityName(input: string, fallback: string): string {
  const name = pascalCase(input) || fallback;
  return /^[0-9]/.test(name) ? `N${name}` : name;
}

const METHOD_WORD: Record<string, string> = { get: 'get', post: 'create', put: 'replace', patch: 'update', delete: 'delete', head: 'head', options: 'options', trace: 'trace' };

function operationName(
  role: OperationRole,
  op: OperationNode,
  r: { entity: string; plural: string; resource: string; action: string | undefined; firstOfRole: boolean },
): string {
  switch (role) {
    case 'list':
      return `list${r.plural}`;
    case 'read':
      return `get${r.entity}`;
    case 'create':
      return `create${r.entity}`;
    case 'update':
      return `update${r.entity}`;
    case 'delete':
      return `delete${r.entity}`;
    case 'search':
      return r.resource === 'search' ? 'search' : `search${pascalCase(r.resource.replace(/Search$/, '')) || r.entity}`;
    case 'summary':
      return `get${r.entity}`;
    case 'action': {
      const verb = camelCase(r.action ?? 'action');
      return r.firstOfRole && (op.method === 'post' || op.method === 'put') ? `${verb}${r.entity}` : `${METHOD_WORD[op.method] ?? op.method}${pascalCase(verb)}${r.entity}`;
    }
    case 'download':
      return `download${r.entity}`;
    default:
      return op.operationId !== undefined && camelCase(op.operationId) !== ''
        ? safeIdentifier(op.operationId)
        : safeIdentifier(`${METHOD_WORD[op.method] ?? op.method} ${op.path.replace(/[{}]/g, ' ')}`);
  }
}

function isBinaryDownload(op: OperationNode): boolean {
  // Only the media type the client reads (the first: JSON sorts first) counts: JSON with a PDF alternative is no download.
  return successResponses(op).some((r) => {
    const c = r.contents[0];
    return c !== undefined && (isBinaryMediaType(c.mediaType) || (c.schema?.kind === 'string' && c.schema.format === 'binary'));
  });
}

/** True when the GET's success schema is an array, or an object with an array property (a page of items). */
function returnsCollection(op: OperationNode, model: ApiModel): boolean {
  const body = successResponses(op)[0]?.contents[0]?.schema;
  const resolve = (s: SchemaNode | undefined, depth = 0): SchemaNode | undefined => {
    if (!s || depth > 8) return undefined;
    if (s.kind === 'ref') return resolve(model.schemas.find((n) => n.name === s.target)?.schema, depth + 1);
    return s;
  };
  const schema = resolve(body);
  if (!schema) return false;
  if (schema.kind === 'array') return true;
  const objects = schema.kind === 'intersection' ? schema.members.map((m) => resolve(m)) : [schema];
  return objects.some((o) => o?.kind === 'object' && o.properties.some((p) => resolve(p.schema)?.kind === 'array'));
}
