import type { ApiModel, CrudRole, OperationNode, ResourceKind, SchemaNode } from '../model/types.js';
import { singular } from '../naming/casing.js';
import { cmp, type Diagnostics } from '../diagnostics/Diagnostics.js';
import { isBinaryMediaType, successResponses } from '../model/queries.js';
import type { NamingOverrides } from '../config/types.js';
import { ROLE_ORDER, type Group, type Member, type NamedGroup } from './group.js';
import { isParam, pathShape } from './pathShape.js';
import { assignNames } from './resourceNames.js';
import { applyResourceOverrides, reportUnmatchedOperationOverrides } from './overrides.js';
import { buildResource } from './buildResource.js';
import { SELF_WORDS, agreementContext, countability, isNumericSegment, operationIdAgrees, pascalWords, wordsOf } from './words.js';

export { pathShape } from './pathShape.js';

/** Options of {@link detectResources}. */
export interface DetectOptions {
  /** Names the config sets instead of the detected ones (`overrides` of the config). */
  overrides?: NamingOverrides | undefined;
}

const where = (op: OperationNode): string => `${op.method.toUpperCase()} on ${op.path}`;

/**
 * Core's own resource detector (the first `detect` tap). Groups every operation of the model into
 * exactly one resource, following the kinds crud / search / summary / action / download / other,
 * and names resources and methods from the contract's own words (docs/naming.md).
 *
 * A CRUD role is given only where structure and the operationId agree; every other method is named
 * from its operationId. Each operation's `reason` says why. Name collisions are resolved with more
 * path segments, then the tag, the last path parameter or the operationId; names are unique without
 * regard to case. Overrides from the config are applied last; one that matches nothing is reported as
 * an `RSL_OVERRIDE_INVALID` error.
 *
 * @param model the normalized model (its `resources` are replaced)
 * @param diagnostics where partial-CRUD, rename and override notes go
 * @param options naming overrides
 * @returns a new model with `resources` sorted by name
 */
export function detectResources(model: ApiModel, diagnostics: Diagnostics, options: DetectOptions = {}): ApiModel {
  const groups = new Map<string, Group>();
  const group = (key: string, init: () => Omit<Group, 'members' | 'key'>): Group => {
    let g = groups.get(key);
    if (!g) {
      g = { ...init(), key, members: [] };
      groups.set(key, g);
    }
    return g;
  };
  const statics = (segments: string[]) => segments.filter((s) => !isParam(s) && !isNumericSegment(s));

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
  /** `<collection>/{param}/<static>`: a verb or sub-resource of one item. */
  const isItemSubPath = (segments: string[]): boolean => {
    const n = segments.length;
    return n >= 3 && !isParam(segments[n - 1]) && isParam(segments[n - 2]) && !isParam(segments[n - 3]);
  };

  // Pass 1: search, actions on an item, downloads.
  const pending: OperationNode[] = [];
  for (const op of operations) {
    const { segments } = pathShape(op.path);
    const last = segments[segments.length - 1];
    const method = op.method;
    if ((method === 'get' || method === 'post') && last?.toLowerCase() === 'search') {
      group(`search:${segments.join('/')}`, () => ({ kind: 'search', words: statics(segments), minWords: 2, collection: false })).members.push({
        op,
        role: 'search',
        why: `search: ${where(op)}, whose last segment is "search"`,
      });
      continue;
    }
    const itemSub = isItemSubPath(segments);
    const download = method === 'get' && isBinaryDownload(op);
    if ((itemSub && method !== 'get' && !collections.has(segments.join('/'))) || (download && itemSub)) {
      // An action and a binary GET on the same item sub-path (`/users/{id}/avatar`) are one resource.
      const collection = segments[segments.length - 3] ?? '';
      const g = group(`sub:${segments.join('/')}`, () => ({
        kind: 'download',
        words: statics(segments),
        minWords: 2,
        collection: false,
        entityWord: singular(pascalWords(collection)),
        action: pascalWords(last ?? '') || 'Action',
      }));
      if (download) g.members.push({ op, role: 'download', why: `download: ${where(op)} answers with a binary body` });
      else {
        g.kind = 'action';
        g.members.push({ op, role: 'action', why: `action: ${where(op)}, a verb or sub-resource of one item with no GET of its own` });
      }
      continue;
    }
    if (download) {
      const words = statics(segments);
      // A download on an item path (`/reports/{id}`) is named `<collection>Download`; one on a static path from its path.
      if (isParam(last) && words[words.length - 1]?.toLowerCase() !== 'download') words.push('download');
      const entitySource = [...segments].reverse().find((s, i, arr) => !isParam(s) && isParam(arr[i - 1])) ?? words[0] ?? 'file';
      group(`download:${segments.join('/')}`, () => ({
        kind: 'download',
        words,
        minWords: 2,
        collection: false,
        entityWord: singular(pascalWords(entitySource)) || 'File',
        action: 'Download',
      })).members.push({ op, role: 'download', why: `download: ${where(op)} answers with a binary body` });
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
    const lastSegment = entry.segments[entry.segments.length - 1] ?? '';
    const lastWords = wordsOf(lastSegment);
    const lastWord = lastWords[lastWords.length - 1] ?? '';
    // A collection by name: the last segment is a plural or uncountable noun, not `me`, a verb (`run`,
    // `login`), a singular noun (`bucket`), a number or a query (`findByTags`, `createWithList`).
    const namedAsCollection =
      !SELF_WORDS.has(lastWord) &&
      !isNumericSegment(lastSegment) &&
      countability(lastWord) !== 'singular' &&
      !lastWords.slice(1, -1).some((w) => w === 'by' || w === 'with');
    const isCrud = entry.item.length > 0 || (namedAsCollection && (collPost !== undefined || (collGet !== undefined && returnsCollection(collGet, model))));
    const words = statics(entry.segments);
    const nested = entry.segments.slice(0, -1).some(isParam);
    if (!isCrud) {
      const onlyGet = entry.coll.every((o) => o.method === 'get' || o.method === 'head' || o.method === 'options');
      const onlyPost = entry.coll.every((o) => o.method === 'post');
      const kind: ResourceKind = onlyGet ? 'summary' : onlyPost ? 'action' : 'other';
      const notCollection = SELF_WORDS.has(lastWord)
        ? `whose last segment "${lastSegment}" names the caller's own object`
        : !namedAsCollection
          ? `whose last segment "${lastSegment}" is no plural noun (a singular noun, a verb or a number), so no collection`
          : onlyGet
            ? 'which returns no collection'
            : 'a plural name without item path, POST or list GET';
      const parent = words.length > 1 ? words[words.length - 2] : undefined;
      const g = group(`${kind}:${key}`, () => ({
        kind,
        words,
        minWords: 2,
        collection: false,
        ...(kind === 'action'
          ? { action: pascalWords(lastSegment) || 'Action', ...(parent !== undefined ? { entityWord: singular(pascalWords(parent)) } : { verbOnly: true }) }
          : {}),
      }));
      for (const op of entry.coll) {
        if (kind === 'summary' && op === collGet) g.members.push({ op, role: 'summary', why: `summary: ${where(op)}, ${notCollection}` });
        else if (kind === 'action') g.members.push({ op, role: 'action', why: `action: ${where(op)}, ${notCollection}` });
        else g.members.push({ op, role: 'other', why: `other: ${where(op)}, ${notCollection}` });
      }
      continue;
    }
    const g = group(`crud:${key}`, () => ({
      kind: 'crud',
      words,
      minWords: nested ? 2 : 1,
      collection: true,
      ...(entry.collectionPath !== undefined ? { collectionPath: entry.collectionPath } : {}),
      ...(entry.itemPath !== undefined ? { itemPath: entry.itemPath } : {}),
    }));
    const all = [...entry.coll, ...entry.item];
    const ctx = agreementContext(entry.segments, all);
    const roles = new Map<OperationNode, Member>();
    const taken = new Map<CrudRole, OperationNode>();
    // Structure proposes, the operationId disposes: the first candidate whose operationId agrees takes the role.
    const propose = (role: CrudRole, candidates: OperationNode[], place: 'collection' | 'item') => {
      for (const op of candidates) {
        if (roles.has(op)) continue;
        const verdict = operationIdAgrees(role, op, ctx);
        if (verdict.agrees && !taken.has(role)) {
          taken.set(role, op);
          roles.set(op, { op, role, why: `${role}: ${op.method.toUpperCase()} on ${place} ${op.path}; ${verdict.why}` });
        } else if (!verdict.agrees) {
          roles.set(op, { op, role: 'other', why: `other: ${op.method.toUpperCase()} on ${place} ${op.path} would be ${role}, but ${verdict.why}` });
        }
      }
    };
    propose('list', collGet ? [collGet] : [], 'collection');
    propose('create', collPost ? [collPost] : [], 'collection');
    propose('read', entry.item.filter((o) => o.method === 'get'), 'item');
    propose('update', [...entry.item.filter((o) => o.method === 'patch'), ...entry.item.filter((o) => o.method === 'put')], 'item');
    propose('delete', entry.item.filter((o) => o.method === 'delete'), 'item');
    const roleOf: Partial<Record<string, CrudRole>> = { get: 'read', patch: 'update', put: 'update', delete: 'delete' };
    for (const op of all) {
      const member = roles.get(op);
      if (member) {
        g.members.push(member);
        continue;
      }
      const place = entry.coll.includes(op) ? 'collection' : 'item';
      const role = place === 'collection' ? (op.method === 'get' ? 'list' : op.method === 'post' ? 'create' : undefined) : roleOf[op.method];
      const holder = role !== undefined ? taken.get(role) : undefined;
      g.members.push({ op, role: 'other', why: `other: ${op.method.toUpperCase()} on ${place} ${op.path} fills no CRUD role${holder ? ` (${role ?? ''} is ${holder.key})` : ''}` });
    }
    // A collection none of whose operations fills a CRUD role is no CRUD resource: it is named like one.
    if (taken.size === 0) {
      g.kind = 'other';
      g.minWords = 2;
      g.collection = false;
    }
  }
  for (const op of others) {
    const { segments } = pathShape(op.path);
    const words = statics(segments);
    group(`other:${segments.join('/')}`, () => ({ kind: 'other', words: words.length ? words : ['root'], minWords: 2, collection: false })).members.push({
      op,
      role: 'other',
      why: `other: ${where(op)}, a path that is no collection, item, search or action`,
    });
  }

  const sorted = [...groups.values()].sort((a, b) => cmp(a.key, b.key));
  for (const g of sorted) g.members.sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) || cmp(a.op.path, b.op.path) || cmp(a.op.method, b.op.method));
  const named = assignNames(sorted, diagnostics);
  const overridden = applyResourceOverrides(named, options.overrides, diagnostics);
  const operationOverrides = options.overrides?.operations ?? {};
  reportUnmatchedOperationOverrides(model, operationOverrides, diagnostics);
  const resources = sorted.map((g, i) => buildResource(g, overridden[i] as NamedGroup, operationOverrides, diagnostics));
  resources.sort((a, b) => cmp(a.resource, b.resource));
  return { ...model, resources };
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
