import type { ApiModel, OperationNode, OperationRole, ResourceKind } from '../model/types.js';
import { singular } from '../naming/casing.js';
import { cmp, type Diagnostics } from '../diagnostics/Diagnostics.js';
import type { NamingOverrides } from '../config/types.js';
import { ROLE_ORDER, type Group, type Member, type NamedGroup } from './group.js';
import { isParam } from './pathShape.js';
import { assignNames } from './resourceNames.js';
import { applyResourceOverrides, applyRoleOverrides, reportUnmatchedOperationOverrides } from './overrides.js';
import { buildResource } from './buildResource.js';
import { collectionRoles, type CollectionEntry } from './roles.js';
import { answersArrayOfObjects, indexPaths, minNameWords, placeOperation, returnsCollection, shapeKey, staticWords, type PathIndex } from './shapes.js';
import { SELF_WORDS, countability, isNumericSegment, pascalWords, wordsOf } from './words.js';
import { isComputingVerb, verbClassOf } from './verbs.js';
import { readOperationId } from './operationId.js';
import { isPagingParamName } from '../analysis/listPagination.js';
import { chooseEntities } from './entity.js';
import { reportWeakModel } from './weakModel.js';

export { pathShape } from './pathShape.js';

/** Options of {@link detectResources}. */
export interface DetectOptions {
  /** Names the config sets instead of the detected ones (`overrides` of the config). */
  overrides?: NamingOverrides | undefined;
}

const where = (op: OperationNode): string => `${op.method.toUpperCase()} on ${op.path}`;

/** The groups of a run, by key, created on first use. */
class Groups {
  readonly byKey = new Map<string, Group>();
  /** The group of this key, made by `init` the first time. */
  get(key: string, init: () => Omit<Group, 'members' | 'key'>): Group {
    let g = this.byKey.get(key);
    if (!g) {
      g = { ...init(), key, members: [] };
      this.byKey.set(key, g);
    }
    return g;
  }
}

/** A collection path with the operations on it and on its item paths. */
interface Entry extends CollectionEntry {
  segments: string[];
  collectionPath?: string;
  itemPath?: string;
}

/**
 * Core's own resource detector (the first `detect` tap). Groups every operation of the model into exactly one
 * resource, of the kinds crud / search / summary / action / download / other, and names resources and methods
 * from the contract's own words (docs/naming.md). The passes:
 *
 * 1. index the path shapes ({@link indexPaths}) and place each operation ({@link placeOperation});
 * 2. searches, downloads and actions on an item become their own groups;
 * 3. each collection path with its item paths becomes a CRUD group when it is one ({@link groupCollection}),
 *    with roles from structure that the operationId vetoes only with a contradicting verb ({@link collectionRoles});
 * 4. names are assigned ({@link assignNames}), overrides applied, and each group built into a resource.
 *
 * @param model the normalized model (its `resources` are replaced)
 * @param diagnostics where partial-CRUD, rename, weak-model and override notes go
 * @param options naming overrides
 * @returns a new model with `resources` sorted by name
 */
export function detectResources(model: ApiModel, diagnostics: Diagnostics, options: DetectOptions = {}): ApiModel {
  // Sorted copy: grouping and role assignment must not depend on the order operations arrive in.
  const operations = [...model.operations].sort((a, b) => cmp(a.path, b.path) || cmp(a.method, b.method));
  const index = indexPaths(operations);
  const groups = new Groups();
  const entries = new Map<string, Entry>();
  const answersItems = (op: OperationNode) => answersArrayOfObjects(op, model);
  for (const op of operations) placeInto(op, index, groups, entries, answersItems);
  for (const [key, entry] of [...entries.entries()].sort(([a], [b]) => cmp(a, b))) groupCollection(key, entry, model, index, groups);

  const sorted = [...groups.byKey.values()].sort((a, b) => cmp(a.key, b.key));
  const operationOverrides = options.overrides?.operations ?? {};
  applyRoleOverrides(sorted, operationOverrides, diagnostics);
  for (const g of sorted) g.members.sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) || cmp(a.op.path, b.op.path) || cmp(a.op.method, b.op.method));
  const named = assignNames(sorted, diagnostics);
  const overridden = applyResourceOverrides(named, options.overrides, diagnostics);
  reportUnmatchedOperationOverrides(model, operationOverrides, diagnostics);
  const entities = chooseEntities(sorted, new Map(sorted.map((g, i) => [g, (overridden[i] as NamedGroup).segments])), model);
  const resources = sorted.map((g, i) => buildResource(g, overridden[i] as NamedGroup, operationOverrides, diagnostics, entities.get(g)));
  resources.sort((a, b) => cmp(a.resource, b.resource));
  reportWeakModel(model, resources, diagnostics);
  return { ...model, resources };
}

/** Pass 2: an operation goes to its search, download or item-action group, or to its collection entry. */
function placeInto(op: OperationNode, index: PathIndex, groups: Groups, entries: Map<string, Entry>, answersItems: (op: OperationNode) => boolean): void {
  const place = placeOperation(op, index, answersItems);
  const segments = place.segments;
  const words = staticWords(segments);
  switch (place.kind) {
    case 'search':
      groups.get(`search:${segments.join('/')}`, () => ({ kind: 'search', words, minWords: minNameWords(segments, false), collection: false })).members.push({
        op,
        role: 'search',
        why: `search: ${where(op)}, whose last segment is "search"`,
      });
      return;
    case 'item-action':
    case 'download':
      if (place.kind === 'item-action' || place.itemSub) return void itemSubGroup(op, segments, groups, place.kind === 'download');
      return void downloadGroup(op, segments, groups);
    case 'other':
      groups.get(`other:${segments.join('/')}`, () => ({ kind: 'other', words: words.length ? words : ['root'], minWords: 2, collection: false })).members.push({
        op,
        role: 'other',
        why: `other: ${where(op)}, a path of parameters only`,
      });
      return;
    default: {
      const entry = entries.get(place.key) ?? { coll: [], item: [], segments: place.kind === 'collection' ? segments : place.segments };
      if (place.kind === 'collection') {
        entry.coll.push(op);
        entry.collectionPath ??= op.path;
      } else {
        entry.item.push(op);
        entry.itemPath ??= op.path;
      }
      entries.set(place.key, entry);
    }
  }
}

/** An action and a binary GET on one item sub-path (`/users/{id}/avatar`) are one resource. */
function itemSubGroup(op: OperationNode, segments: string[], groups: Groups, download: boolean): void {
  const last = segments[segments.length - 1] ?? '';
  const collection = segments[segments.length - 3] ?? '';
  const g = groups.get(`sub:${segments.join('/')}`, () => ({
    kind: 'download',
    words: staticWords(segments),
    minWords: minNameWords(segments, false),
    collection: false,
    entityWord: singular(pascalWords(collection)),
    action: pascalWords(last) || 'Action',
  }));
  if (download) g.members.push({ op, role: 'download', why: `download: ${where(op)} answers with a binary body` });
  else {
    g.kind = 'action';
    const reads = op.method === 'post' && namedRole(op, last) === 'summary';
    g.members.push({ op, role: reads ? 'summary' : 'action', why: `${reads ? 'summary' : 'action'}: ${where(op)}, a verb or sub-resource of one item with no GET of its own${reads ? ', named by a read verb' : ''}` });
  }
}

/** A download on an item path (`/reports/{id}`) is named `<collection>Download`; one on a static path from its path. */
function downloadGroup(op: OperationNode, segments: string[], groups: Groups): void {
  const words = staticWords(segments);
  const last = segments[segments.length - 1];
  if (isParam(last) && words[words.length - 1]?.toLowerCase() !== 'download') words.push('download');
  const entitySource = [...segments].reverse().find((s, i, arr) => !isParam(s) && isParam(arr[i - 1])) ?? words[0] ?? 'file';
  groups
    .get(`download:${segments.join('/')}`, () => ({ kind: 'download', words, minWords: minNameWords(segments, false), collection: false, entityWord: singular(pascalWords(entitySource)) || 'File', action: 'Download' }))
    .members.push({ op, role: 'download', why: `download: ${where(op)} answers with a binary body` });
}

/**
 * Pass 3: a collection path with its item paths. A CRUD group when it has an item path, or when its last segment
 * is a plural or uncountable noun and it has a POST or a GET that returns a collection; else a summary (GETs
 * only), an action (POSTs only) or other.
 */
function groupCollection(key: string, entry: Entry, model: ApiModel, index: PathIndex, groups: Groups): void {
  const lastSegment = entry.segments[entry.segments.length - 1] ?? '';
  const lastWords = wordsOf(lastSegment);
  const lastWord = lastWords[lastWords.length - 1] ?? '';
  const collGet = entry.coll.find((o) => o.method === 'get');
  const collPost = entry.coll.find((o) => o.method === 'post');
  // A collection by name: the last segment is a plural or uncountable noun (or a parameter with items below it),
  // not `me`, a verb (`run`, `login`), a singular noun (`bucket`), a number or a query (`findByTags`).
  const namedAsCollection =
    (isParam(lastSegment) && index.withItems.has(key)) ||
    (!SELF_WORDS.has(lastWord) && !isNumericSegment(lastSegment) && countability(lastWord) !== 'singular' && !lastWords.slice(1, -1).some((w) => w === 'by' || w === 'with'));
  // A GET below an item path that pages and answers a collection lists a sub-collection, whatever its last word
  // (`/accounts/{stake_address}/history`, `/v1/files/{file_key}/versions`).
  const pagedBelowItem =
    collGet !== undefined && /^[A-Za-z_-]+$/.test(lastSegment) && verbClassOf(lastWord) === undefined && entry.segments.some(isParam) && collGet.parameters.some((p) => p.in === 'query' && isPagingParamName(p.name)) && returnsCollection(collGet, model, lastWord);
  // A GET on a path ending in a parameter with no items below it lists what the parameters select (placeOperation).
  // So does a GET or POST of an RPC-style path of the collection (`/report/country/all`, `/feedback/submit`).
  const listedByParams = collGet !== undefined && isParam(lastSegment) && !index.withItems.has(key);
  const byRpcPath = entry.coll.some((o) => shapeKey(o.path) !== key);
  const isCrud = entry.item.length > 0 || pagedBelowItem || listedByParams || byRpcPath || (namedAsCollection && (collPost !== undefined || (collGet !== undefined && returnsCollection(collGet, model, lastWord))));
  // The root collection (`GET /`, `POST /`, `/{id}`) is named by its operations' tag.
  const tag = (entry.coll[0] ?? entry.item[0])?.tags[0];
  const words = entry.segments.length > 0 || tag === undefined ? staticWords(entry.segments) : [tag];
  if (!isCrud) return void nonCollectionGroup(key, entry, groups, { lastSegment, lastWord, namedAsCollection, words });
  const g = groups.get(`crud:${key}`, () => ({
    kind: 'crud',
    words,
    minWords: minNameWords(entry.segments, true),
    collection: true,
    ...(entry.collectionPath !== undefined ? { collectionPath: entry.collectionPath } : {}),
    ...(entry.itemPath !== undefined ? { itemPath: entry.itemPath } : {}),
    ...(pagedBelowItem && !namedAsCollection && entry.item.length === 0 ? { singularName: true } : {}),
  }));
  const members: Member[] = collectionRoles(entry);
  g.members.push(...members);
  // A collection none of whose operations fills a CRUD role is no CRUD resource: it is named like one.
  if (!members.some((m) => m.role === 'list' || m.role === 'read' || m.role === 'create' || m.role === 'update' || m.role === 'delete')) {
    g.kind = 'other';
    g.minWords = Math.max(2, g.minWords);
    g.collection = false;
  }
}

/** A path that is no collection: a summary when it has only GETs, an action when only POSTs, else other. */
function nonCollectionGroup(key: string, entry: Entry, groups: Groups, shape: { lastSegment: string; lastWord: string; namedAsCollection: boolean; words: string[] }): void {
  const { lastSegment, lastWord, namedAsCollection, words } = shape;
  const onlyGet = entry.coll.every((o) => o.method === 'get' || o.method === 'head' || o.method === 'options');
  const onlyPost = entry.coll.every((o) => o.method === 'post');
  // A path named by a verb (`/files/share`, `/application/deploy`) is a command whatever its write method.
  const verbPath = verbClassOf(lastWord) !== undefined && verbClassOf(lastWord) !== 'read';
  const kind: ResourceKind = onlyGet ? 'summary' : onlyPost || verbPath ? 'action' : 'other';
  const notCollection = SELF_WORDS.has(lastWord)
    ? `whose last segment "${lastSegment}" names the caller's own object`
    : !namedAsCollection
      ? `whose last segment "${lastSegment}" is no plural noun (a singular noun, a verb or a number), so no collection`
      : onlyGet
        ? 'which returns no collection'
        : 'a plural name without item path, POST or list GET';
  // An action's entity is the item it acts on: the word before the last parameter (`/dialogs/{id}/actions/freeze` →
  // `Dialog`), else the word before the verb.
  const lastParam = entry.segments.reduce((at, s, i) => (isParam(s) ? i : at), -1);
  const itemWord = lastParam > 0 ? staticWords(entry.segments.slice(0, lastParam)).pop() : undefined;
  const parent = itemWord ?? (words.length > 1 ? words[words.length - 2] : undefined);
  const g = groups.get(`${kind}:${key}`, () => ({
    kind,
    words,
    minWords: minNameWords(entry.segments, false),
    collection: false,
    ...(kind === 'action' ? { action: pascalWords(withoutNamespace(lastSegment)) || 'Action', ...(parent !== undefined ? { entityWord: singular(pascalWords(parent)) } : { verbOnly: true }) } : {}),
  }));
  const collGet = entry.coll.find((o) => o.method === 'get');
  for (const op of entry.coll) {
    const named = namedRole(op, lastSegment);
    let role: OperationRole;
    if (op.method === 'head' || op.method === 'options') role = kind === 'action' ? 'action' : 'other';
    // A GET reads (a summary) unless a command verb names it (`/user/logout`); a POST acts unless a read or
    // computing verb names it (`…/listKeys`, `checkMigrationPermission`).
    else if (op.method === 'get') role = named === 'action' ? 'action' : 'summary';
    else if (op.method === 'post' && named === 'summary') role = 'summary';
    // A singleton's writes (`GET|PUT /settings`) act on it; a write on a path that is neither is other.
    else role = kind === 'action' || collGet !== undefined || verbPath ? 'action' : 'other';
    const by = (op.method === 'get' && role === 'action') || (op.method === 'post' && role === 'summary') ? `, named by ${role === 'action' ? 'a command' : 'a read or computing'} verb` : '';
    g.members.push({ op, role, why: `${role}: ${where(op)}, ${notCollection}${by}` });
  }
}

/**
 * A path segment without its dotted namespace when the part after the last dot names a command
 * (`echo_rest_services.get_map` → `get_map`); a file name (`swagger.yaml`) or a dotted noun stays whole.
 */
function withoutNamespace(segment: string): string {
  const last = segment.slice(segment.lastIndexOf('.') + 1);
  return segment.includes('.') && verbClassOf(wordsOf(last)[0] ?? '') !== undefined ? last : segment;
}

/**
 * The role the names of an operation that is no collection's give against its method, from the operationId's verb,
 * else the path's (the last segment's first word when it is a verb, else its last): `summary` for a read or
 * computing verb (`Accounts_ListKeys`, `getStoreReportByDay`, `….get_map`, `checkLogin`), `action` for another
 * command verb (`/user/logout`, `runPerfTest`) or a POST named by a read or computing verb that answers no data;
 * undefined for none or another class (`downloadArchive`).
 */
function namedRole(op: OperationNode, lastSegment: string): 'summary' | 'action' | undefined {
  const pathWords = wordsOf(withoutNamespace(lastSegment));
  const first = pathWords[0] ?? '';
  // A verb word of a path segment before the last names a noun there (`load` of `/load_balancers/{id}/droplets`).
  const nouns = new Set(op.path.split('/').slice(0, -1).filter((seg) => !seg.includes('{')).flatMap((seg) => wordsOf(seg)));
  const idVerb = readOperationId(op).words.find((w) => verbClassOf(w) !== undefined && !nouns.has(w));
  const verb = idVerb ?? (verbClassOf(first) !== undefined ? first : (pathWords.at(-1) ?? ''));
  // A POST that answers no data (`204`, a `202` that only queues: `…/hooks/{id}/tests`, `/patients/on-find`) computes nothing it returns: it acts.
  // A POST that answers a long-running operation's handle (Google's `Operation`: `…:validateTrust`) starts work: it acts.
  if ((verb !== 'download' && verbClassOf(verb) === 'read') || isComputingVerb(verb)) return op.method !== 'post' || (answersData(op) && !answersHandle(op)) ? 'summary' : 'action';
  return verbClassOf(verb) === 'action' ? 'action' : undefined;
}

/** Names of the schemas of a long-running operation's handle: `Operation`, `GoogleLongrunningOperation`. */
const OPERATION_HANDLE = /^(google_?)?(long_?running_?)?operation$/i;

/** True when a success response's body is a long-running operation's handle (a reference to `Operation`). */
const answersHandle = (op: OperationNode): boolean =>
  op.responses.some((r) => r.status.startsWith('2') && r.contents.some((c) => c.schema?.kind === 'ref' && OPERATION_HANDLE.test(c.schema.target)));

/** True when a success (`2XX`) response of the operation declares a body (a media type, with or without a schema). */
const answersData = (op: OperationNode): boolean => op.responses.some((r) => r.status.startsWith('2') && r.contents.length > 0);
