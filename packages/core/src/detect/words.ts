import pluralizeLib from 'pluralize';
import { camelCase, kebabCase, pascalCase, pluralOfWord, singularOfWord } from '../naming/casing.js';
import { memoText } from '../naming/textMemo.js';
import { noLeadingDigit } from '../naming/identifiers.js';

/**
 * Word-level helpers of resource detection: how a path segment or an operationId splits into words, whether a
 * word names a collection, and how long a name may be. See docs/naming.md.
 */

/** Longest word text detection reads from one name (names longer than {@link MAX_NAME_LENGTH} are shortened). */
const LONG = 2000;

/** Longest generated resource, entity or operation name; longer ones are shortened word by word ({@link fitName}). */
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
  'trash', 'health', 'inventory',
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
 * A name of at most {@link MAX_NAME_LENGTH} characters, shortened with the contract's own words: a longer name
 * keeps its first word and as many of its last words as fit (`createOrUpdateVeryLong…Definition` →
 * `createDefinition`-like), never a hash. Callers keep names unique.
 * @param name a camelCase or PascalCase name
 */
export function fitName(name: string): string {
  if (name.length <= MAX_NAME_LENGTH) return name;
  const parts = name.match(/[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])|_|\$/g) ?? [name];
  const head = parts[0] ?? '';
  let tail = '';
  for (let i = parts.length - 1; i > 0; i--) {
    const next = `${parts[i] ?? ''}${tail}`;
    if (head.length + next.length > MAX_NAME_LENGTH) break;
    tail = next;
  }
  const fitted = `${head}${tail}`;
  return fitted.length > MAX_NAME_LENGTH || fitted === head ? name.slice(0, MAX_NAME_LENGTH) : fitted;
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
