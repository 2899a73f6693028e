import type { ApiModel, OperationNode, SchemaNode } from '../model/types.js';
import { successResponses } from '../model/queries.js';
import type { Group } from './group.js';
import { isParam } from './pathShape.js';
import { countability, pascalWords, singularWord, wordsOf } from './words.js';
import { plural as pluralOf } from '../naming/casing.js';
import { collectionNames } from './resourceNames.js';

/** Trailing words of a schema name that say how it is used, not what it is: `LoanDto`, `IssueResponse`. */
const SUFFIXES: ReadonlySet<string> = new Set(['dto', 'model', 'resource', 'response', 'entity', 'schema', 'object', 'output', 'result', 'details', 'detail', 'info', 'view', 'full', 'record', 'representation']);

/**
 * Leading words of a schema name that make it an operation's message, not an entity:
 * `GetCustomerSupportCustomerResponse`, `CreateLoanRequest`, `ListPetsResult`.
 */
const MESSAGE_VERBS: ReadonlySet<string> = new Set(['get', 'list', 'create', 'update', 'delete', 'add', 'put', 'post', 'patch', 'fetch', 'find', 'search', 'retrieve', 'read', 'remove', 'replace', 'upsert']);

/** Second words that make a schema an item of the path's word: `MenuItem` on `/menu`, `LogEntry` on `/log`. */
const ITEM_WORDS: ReadonlySet<string> = new Set(['item', 'entry']);

/** The entity and plural of a CRUD group. */
export interface EntityNames {
  entity: string;
  plural: string;
}

/**
 * The entity of each CRUD group (docs/naming.md, "Entities"):
 * 1. the entity the responses' component schema names, when it names the same thing as the path (its last word,
 *    singular, is the collection's head word: `/branches/{id}/loans` answering `Loan` → `Loan`, not `BranchLoan`)
 *    or an item or entry of the path's word (`MenuItem` on `/menu`), and is not an operation's message
 *    (`GetCustomerSupportCustomerResponse` starts with a verb);
 *    when several groups answer with one schema, only the one with item paths takes it (the collection of an
 *    Azure resource group beside its subscription-wide list), and only if no other group's path names it;
 * 2. else the singular of the collection's own word (`/repos/{owner}/{repo}/pulls` → `Pull`), or, where another
 *    collection uses the same word, of the name's words, the parent included (`RepoIssue` beside `/issues`' `Issue`;
 *    `AlbumUser` beside `/users`).
 * @param groups the detected groups
 * @param segments the name segments of each group (see `assignNames`), parents first
 * @param model the model (component schemas)
 * @returns the entity and plural of each CRUD group
 */
export function chooseEntities(groups: readonly Group[], segments: ReadonlyMap<Group, string[]>, model: ApiModel): Map<Group, EntityNames> {
  const byName = new Map(model.schemas.map((s) => [s.name, s.schema]));
  const out = new Map<Group, EntityNames>();
  const sharing = new Map<string, Group[]>();
  for (const g of groups) {
    const words = segments.get(g) ?? [];
    if (!g.collection || words.length === 0) continue;
    out.set(g, collectionNames(words, g.singularName === true));
    const schema = candidateOf(g, byName);
    if (schema !== undefined) sharing.set(schema, [...(sharing.get(schema) ?? []), g]);
  }
  const pathNamed = new Set([...out.values()].map((n) => n.entity.toLowerCase()));
  for (const [schema, users] of sharing) {
    const owners = users.filter((g) => g.itemPath !== undefined);
    const owner = users.length === 1 ? users[0] : owners.length === 1 ? owners[0] : undefined;
    if (owner === undefined) continue;
    const own = out.get(owner)?.entity.toLowerCase();
    if (own !== schema.toLowerCase() && pathNamed.has(schema.toLowerCase())) continue;
    out.set(owner, { entity: schema, plural: pluralOf(schema) });
  }
  // A parent is only kept where it tells two entities apart: a nested collection whose own word no other
  // collection uses is named by that word (`/repos/{owner}/{repo}/pulls` → `Pull` unless `/pulls` exists too).
  const short = new Map<Group, EntityNames>();
  const shortCount = new Map<string, number>();
  for (const g of out.keys()) {
    const names = collectionNames((segments.get(g) ?? []).slice(-1), g.singularName === true);
    short.set(g, names);
    shortCount.set(names.entity.toLowerCase(), (shortCount.get(names.entity.toLowerCase()) ?? 0) + 1);
  }
  const taken = new Set([...out.values()].map((n) => n.entity.toLowerCase()));
  for (const [g, names] of short) {
    const current = out.get(g);
    const lower = names.entity.toLowerCase();
    if (current === undefined || current.entity.toLowerCase() === lower || (shortCount.get(lower) ?? 0) > 1 || taken.has(lower)) continue;
    if ((segments.get(g) ?? []).length < 2 || current.entity !== collectionNames(segments.get(g) ?? [], g.singularName === true).entity) continue;
    out.set(g, names);
    taken.add(lower);
  }
  return out;
}

/** The schema-named entity of one CRUD group, when its schema agrees with the path's head word. */
function candidateOf(g: Group, byName: ReadonlyMap<string, SchemaNode>): string | undefined {
  const head = singularWord(wordsOf(g.words[g.words.length - 1] ?? '').pop() ?? '');
  if (head === '' || countability(head) === 'uncountable' || g.singularName === true) return undefined;
  const ops = (role: string) => g.members.filter((m) => m.role === role).map((m) => m.op);
  const sources: Array<[OperationNode[], boolean]> = [[ops('read'), false], [ops('list'), true], [ops('create'), false]];
  for (const [list, items] of sources) {
    for (const op of list) {
      const name = schemaNameOf(op, byName, items);
      if (name === undefined) continue;
      const words = entityWords(name);
      if (MESSAGE_VERBS.has(words[0] ?? '') || words.length > 4) continue;
      const last = words[words.length - 1] ?? '';
      // `LoanDto` on `/branches/{id}/loans`, `PlacesResponseDto` on `/search/places` (singular: `Place`).
      if (singularWord(last) === head) return pascalWords([...words.slice(0, -1), singularWord(last)].join(' '));
      // `MenuItem` on `/menu`: an item or entry of the path's word.
      if (words.length === 2 && singularWord(words[0] ?? '') === head && ITEM_WORDS.has(last)) return pascalWords(words.join(' '));
    }
  }
  return undefined;
}

/** The component schema a JSON success response references: the body itself, or the items of a list (an array, or an object's array property). */
function schemaNameOf(op: OperationNode, byName: ReadonlyMap<string, SchemaNode>, items: boolean): string | undefined {
  const body = successResponses(op)[0]?.contents[0]?.schema;
  if (body === undefined) return undefined;
  if (!items) return body.kind === 'ref' ? body.target : undefined;
  const resolved = body.kind === 'ref' ? byName.get(body.target) : body;
  const array = resolved?.kind === 'array' ? resolved : resolved?.kind === 'object' ? arrayProperty(resolved.properties.map((p) => p.schema), byName) : undefined;
  const item = array?.kind === 'array' ? array.items : undefined;
  return item?.kind === 'ref' ? item.target : undefined;
}

/** The one array among an object's property schemas (a page of items), else undefined. */
function arrayProperty(schemas: SchemaNode[], byName: ReadonlyMap<string, SchemaNode>): SchemaNode | undefined {
  const arrays = schemas.map((s) => (s.kind === 'ref' ? byName.get(s.target) : s)).filter((s) => s?.kind === 'array');
  return arrays.length === 1 ? arrays[0] : undefined;
}

/** The words of a schema name without namespace and usage suffixes: `io.k8s.api.core.v1.Pod` → `pod`, `LoanDto` → `loan`. */
function entityWords(name: string): string[] {
  const local = name.split(/[./]/).filter((p) => p !== '' && !isParam(p)).pop() ?? name;
  const words = wordsOf(local);
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1] ?? '')) words.pop();
  return words;
}
