import pluralizeLib from 'pluralize';
import type { CrudRole, OperationNode } from '../model/types.js';
import { camelCase, kebabCase, pascalCase, pluralOfWord, singularOfWord } from '../naming/casing.js';
import { memoText } from '../naming/textMemo.js';
import { noLeadingDigit } from '../naming/identifiers.js';

/**
 * Word-level helpers of resource detection: how a path segment or an operationId splits into words,
 * whether a word names a collection, and whether an operationId agrees with a CRUD role.
 * See docs/naming.md.
 */

/** Longest word text detection reads from one name (names longer than {@link MAX_NAME_LENGTH} are shortened). */
const LONG = 2000;

/** Longest generated resource, entity or operation name; longer ones are cut and end in a short hash. */
export const MAX_NAME_LENGTH = 80;

/** camelCase without the 64-character clip of the shared casing helpers (detection shortens names itself). */
export const camelWords = (text: string): string => camelCase(text, LONG);
/** PascalCase without the 64-character clip. */
export const pascalWords = (text: string): string => pascalCase(text, LONG);

/**
 * Lower-case words of a text: `get_users_me` → `['get', 'users', 'me']`, `listRunSteps` → `['list', 'run', 'steps']`.
 * @param text a path segment, operationId or tag
 */
export function wordsOf(text: string): string[] {
  const k = kebabCase(text, LONG);
  return k === '' ? [] : k.split('-');
}

/**
 * Nouns that have no plural of their own, as resource names: a collection named so lists "items" of it
 * (`content` → entity `ContentItem`, list `listContent`). `pluralize` also counts words it declares
 * uncountable (it reports them as both singular and plural).
 */
const UNCOUNTABLE: ReadonlySet<string> = new Set([
  'content', 'metadata', 'data', 'info', 'information', 'media', 'feedback', 'software', 'firmware', 'hardware',
  'news', 'analytics', 'audio', 'equipment', 'evidence', 'knowledge', 'usage', 'billing', 'storage', 'traffic',
  'trash', 'health', 'config', 'inventory',
]);

/** Words that stand for "the caller's own" item: `/users/me` is one object, not a collection. */
export const SELF_WORDS: ReadonlySet<string> = new Set(['me', 'self', 'current', 'mine', 'my', 'myself']);

/** Grammatical number of a resource word. */
export type Countability = 'plural' | 'singular' | 'uncountable';

/**
 * Whether a word is a plural noun (`users`), an uncountable one (`content`, `metadata`) or anything
 * else (a singular noun such as `bucket`, a verb such as `run`, `login`, a number such as `0`).
 * @param word one lower-case word
 */
export function countability(word: string): Countability {
  return countabilityOf(word.toLowerCase());
}

const countabilityOf = memoText((w): Countability => {
  if (UNCOUNTABLE.has(w)) return 'uncountable';
  if (!/^[a-z]/.test(w)) return 'singular';
  const isPlural = pluralizeLib.isPlural(w);
  if (isPlural && pluralizeLib.isSingular(w)) return 'uncountable';
  return isPlural ? 'plural' : 'singular';
});

/** Singular of one lower-case word; uncountable words stay as they are (`metadata`, not `metadatum`). */
export function singularWord(word: string): string {
  return countability(word) === 'uncountable' ? word : singularOfWord(word);
}

/** Plural of one lower-case word; uncountable words stay as they are. */
export function pluralWord(word: string): string {
  return countability(word) === 'uncountable' ? word : pluralOfWord(word);
}

/** True for a static segment made of digits only (`/users/{id}/folders/0`): it names an item, not a word. */
export const isNumericSegment = (segment: string): boolean => /^[0-9]+$/.test(segment);

/**
 * Verbs an operationId may start (or end) with for each CRUD role. A `list` may also be a `get`
 * (`getAllAlbums`); a `read` never a `list`.
 */
export const ROLE_VERBS: Readonly<Record<CrudRole, ReadonlySet<string>>> = {
  list: new Set(['list', 'get', 'find', 'fetch', 'search', 'query', 'browse', 'all', 'index', 'enumerate']),
  read: new Set(['get', 'retrieve', 'read', 'find', 'fetch', 'show', 'describe', 'view', 'lookup', 'load']),
  create: new Set(['create', 'add', 'post', 'new', 'insert', 'make', 'register', 'upload']),
  update: new Set(['update', 'patch', 'edit', 'set', 'replace', 'modify', 'change', 'put', 'save', 'alter']),
  delete: new Set(['delete', 'remove', 'destroy', 'drop', 'erase', 'purge', 'del']),
};

/** Words an operationId's noun may hold besides the path's words: `getAllAlbums`, `getTagById`, `getAlbumInfo`. */
const QUALIFIERS: ReadonlySet<string> = new Set(['all', 'by', 'id', 'ids', 'paginated', 'info', 'details', 'detail', 'list', 'one', 'single']);

/** What a CRUD role's operationId is checked against. */
export interface AgreementContext {
  /** Singular head word of the collection, lower-case: `user` for `/albums/{id}/users`. */
  head: string;
  /** Lower-case words the noun may be made of: the path's words (singular and plural), parameter and tag words. */
  vocabulary: ReadonlySet<string>;
  /** Words that may follow the head word: the static words before the collection segment and the tag words (`getUserAdmin` of `/admin/users/{id}`). */
  trailing: ReadonlySet<string>;
}

/**
 * The words an operationId of a collection may use: every word of the collection's static segments and
 * of its operations' path parameter names and tags, in singular and plural forms. Only the words
 * before the collection segment and the tag words may follow the head word.
 * @param collectionSegments the collection path's segments (see `pathShape`), e.g. `['albums', '{id}', 'users']`
 * @param operations the operations of the collection and its item paths
 */
export function agreementContext(collectionSegments: readonly string[], operations: readonly OperationNode[]): AgreementContext {
  const vocabulary = new Set<string>();
  const trailing = new Set<string>();
  const add = (w: string, trails: boolean) => {
    for (const form of [w, singularWord(w), pluralWord(w)]) {
      vocabulary.add(form);
      if (trails) trailing.add(form);
    }
  };
  const statics = collectionSegments.filter((s) => !s.includes('{'));
  const last = statics[statics.length - 1] ?? '';
  statics.slice(0, -1).forEach((s) => wordsOf(s).forEach((w) => add(w, true)));
  wordsOf(last).forEach((w) => add(w, false));
  for (const op of operations) {
    for (const tag of op.tags) wordsOf(tag).forEach((w) => add(w, true));
    for (const m of op.path.matchAll(/\{([^}]*)\}/g)) wordsOf(m[1] ?? '').forEach((w) => add(w, false));
  }
  const head = singularWord(wordsOf(last).pop() ?? '');
  return { head, vocabulary, trailing };
}

/** The verdict on an operationId for a CRUD role. */
export interface Agreement {
  agrees: boolean;
  /** Short text for the reason: `operationId listPets agrees`, `no operationId`, `operationId inviteUser does not start with a create verb`. */
  why: string;
}

/**
 * Whether an operation's operationId agrees with the CRUD role its method and path suggest: no
 * operationId, or one whose verb fits the role (`list/get/find/fetch…`, `create/add/post…`,
 * `update/patch/edit/set/replace/modify…`, `delete/remove…`; first word, first after a namespace of
 * path or tag words, or last word) and whose noun
 * (without a trailing `By…`) is made of the path's own words and ends in the collection's head word,
 * or in the head word followed by parent or tag words only.
 * `removeUserFromAlbum` is no `delete` of `/albums/{id}/user/{userId}` (`from` is not a path word);
 * `createImage` is no `create` of `/images/generations` (no `generation`); `listMenuItems` is no `list`
 * of `/menu` (its noun's head is `items`).
 * @param role the role structure suggests
 * @param op the operation
 * @param ctx head word and vocabulary of the collection (see {@link agreementContext})
 */
export function operationIdAgrees(role: CrudRole, op: OperationNode, ctx: AgreementContext): Agreement {
  const id = op.operationId;
  const words = id === undefined ? [] : wordsOf(id);
  if (id === undefined || words.length === 0) return { agrees: true, why: 'no operationId' };
  if (isMechanicalOperationId(op)) return { agrees: true, why: `operationId ${id} only repeats the method and path` };
  const verbs = ROLE_VERBS[role];
  let noun: string[] | undefined;
  const first = words[0] ?? '';
  const last = words[words.length - 1] ?? '';
  // The verb leads, possibly after a namespace of path or tag words (`databases_get_replica`, `genai_list_agents`).
  const lead = words.findIndex((w, k) => verbs.has(w) && (k === 0 || composedOf(words.slice(0, k).join(''), ctx.vocabulary)));
  if (lead >= 0) noun = words.slice(lead + 1);
  else if (words.length > 1 && verbs.has(last)) noun = words.slice(0, -1);
  else if (words.length === 1) {
    // A single run of lower-case letters (`Getorganizationspendlimit`): a verb prefix and a noun.
    const verb = [...verbs].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).find((v) => first.startsWith(v) && first.length > v.length);
    if (verb !== undefined) noun = [first.slice(verb.length)];
  }
  if (noun === undefined) return { agrees: false, why: `operationId ${id} does not start with a ${role} verb` };
  // `getUserByName`, `getTagById`: what follows `by` says how the item is found, not what it is.
  const by = noun.indexOf('by');
  if (by > 0) noun = noun.slice(0, by);
  // A noun of qualifiers only (`getAll`, `getById`) names nothing else: no disagreement.
  if (noun.every((w) => QUALIFIERS.has(w))) return { agrees: true, why: `operationId ${id} agrees` };
  const heads = new Set([ctx.head, pluralWord(ctx.head), singularWord(ctx.head)]);
  if (splitsInto(noun.join(''), ctx, heads)) return { agrees: true, why: `operationId ${id} agrees` };
  return { agrees: false, why: `operationId ${id} does not name ${role === 'list' ? 'a list of ' : 'one of the '}${pluralWord(ctx.head)}` };
}

const HTTP_METHOD_WORDS: ReadonlySet<string> = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace']);

/**
 * True when an operationId was made mechanically from the method and the path (`post_files_id_copy` for
 * `POST /files/{file_id}/copy`): an HTTP method word, then only words the path contains. Such an id says
 * nothing the structure does not, so detection names the operation as if it had none (`copyFile`).
 * @param op the operation
 * @returns true for a method-and-path operationId
 */
export function isMechanicalOperationId(op: Pick<OperationNode, 'operationId' | 'path'>): boolean {
  const words = op.operationId === undefined ? [] : wordsOf(op.operationId);
  if (words.length < 2 || !HTTP_METHOD_WORDS.has(words[0] ?? '')) return false;
  const id = words.slice(1).join('');
  const flat = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const segments = op.path.split(/[/?#]/).filter((x) => x !== '');
  // The path's segments in order, a parameter written as `id`, as its own name, or left out.
  const spellings = (['id', 'name', 'none'] as const).map((param) =>
    segments.map((seg) => (seg.startsWith('{') ? (param === 'id' ? 'id' : param === 'name' ? flat(seg) : '') : flat(seg))).join(''),
  );
  return spellings.includes(id);
}

/** True when `text` is a concatenation of vocabulary words (`genai` = `gen` + `ai`). */
function composedOf(text: string, vocabulary: ReadonlySet<string>): boolean {
  const reach = Array.from({ length: text.length + 1 }, (_, i) => i === 0);
  for (let i = 0; i < text.length; i++) {
    if (!reach[i]) continue;
    for (const w of vocabulary) if (w !== '' && text.startsWith(w, i)) reach[i + w.length] = true;
  }
  return reach[text.length] === true;
}

/**
 * True when `text` is a concatenation of vocabulary words and qualifiers with a head word among them,
 * followed only by trailing words or qualifiers (word break, so `organizationspendlimit` splits as
 * well as `organization spend limit`).
 */
function splitsInto(text: string, ctx: AgreementContext, heads: ReadonlySet<string>): boolean {
  const n = text.length;
  // reach[i][0]: position i reachable with no head yet (or a non-trailing word after it); reach[i][1]: the head, then trailing words only.
  const reach: Array<[boolean, boolean]> = Array.from({ length: n + 1 }, () => [false, false]);
  reach[0] = [true, false];
  const pieces = [...new Set([...ctx.vocabulary, ...QUALIFIERS, ...heads])].filter((w) => w !== '');
  for (let i = 0; i < n; i++) {
    const at = reach[i];
    if (!at || (!at[0] && !at[1])) continue;
    for (const p of pieces) {
      if (!text.startsWith(p, i)) continue;
      const next = reach[i + p.length];
      if (!next) continue;
      if (heads.has(p)) next[1] = true;
      else if (at[1] && (ctx.trailing.has(p) || QUALIFIERS.has(p))) next[1] = true;
      else next[0] = true;
    }
  }
  return reach[n]?.[1] === true;
}

/** FNV-1a of a string, for the short hash of an over-long name. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * A name of at most {@link MAX_NAME_LENGTH} characters: shorter names are returned unchanged; longer
 * ones keep their first 73 characters and end in a 7-character hash of the whole name, so two long
 * names with a common start stay distinct.
 * @param name a camelCase or PascalCase name
 */
export function fitName(name: string): string {
  if (name.length <= MAX_NAME_LENGTH) return name;
  const hash = fnv1a(name).toString(36).padStart(7, '0').slice(-7);
  return `${name.slice(0, MAX_NAME_LENGTH - 8)}H${hash}`;
}

/**
 * A resource name from words: camelCase, at most {@link MAX_NAME_LENGTH} characters, `_`-prefixed when
 * it would start with a digit. Reserved words are kept as they are (`global`): a resource name is only
 * ever used as a prefix (`globalClient`), a folder or a file name, never as a bare identifier.
 * @param text words (any separators)
 * @param fallback used when the text has no ASCII letters or digits
 */
export function resourceName(text: string, fallback = 'resource'): string {
  return fitName(noLeadingDigit(camelWords(text) || fallback));
}
