import { camelCase as ccCamel, pascalCase as ccPascal, kebabCase as ccKebab } from 'change-case';
import pluralizeLib from 'pluralize';
import { memoText } from './textMemo.js';

/**
 * Casing helpers. Word splitting comes from `change-case`; these wrappers only add the
 * guarantees generated identifiers need: never empty, digits kept, non-ASCII letters dropped.
 */

/**
 * Longest word text a name is made from. Names become folder and file names (`<resource>/<resource>.client.ts`,
 * `use<Operation>Mutation.ts`), which file systems cap at 255 bytes; a 10,000-character path segment or
 * operationId must not make the write fail. Clipped names stay distinct through the callers' `UniqueNames`.
 */
export const MAX_WORDS_LENGTH = 64;

/**
 * Memoizes a casing function by input and length: a large contract asks for the same names thousands
 * of times (about 0.1 s of a GitHub-sized run went into re-splitting them).
 */
function memoized(fn: (words: string) => string): (input: string, maxLength: number) => string {
  const byLength = new Map<number, (input: string) => string>();
  return (input, maxLength) => {
    let memo = byLength.get(maxLength);
    if (!memo) {
      memo = memoText((text) => {
        const w = words(text, maxLength);
        return w === '' ? '' : fn(w);
      });
      byLength.set(maxLength, memo);
    }
    return memo(input);
  };
}

/** `pluralize`'s singular of one word (`categories` → `category`), memoized. */
export const singularOfWord = memoText((word) => pluralizeLib.singular(word));
/** `pluralize`'s plural of one word (`category` → `categories`), memoized. */
export const pluralOfWord = memoText((word) => pluralizeLib.plural(word));

const pascalMemo = memoized((w) => ccPascal(w, { mergeAmbiguousCharacters: true }));
const camelMemo = memoized((w) => ccCamel(w, { mergeAmbiguousCharacters: true }));
const kebabMemo = memoized((w) => ccKebab(w));

function words(input: string, maxLength: number): string {
  // change-case splits on case changes and on any non-alphanumeric run; map other characters to spaces first.
  return input.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, ' ').trim().slice(0, maxLength).trim();
}

/**
 * `pascalCase('list contacts-by_id')` → `ListContactsById`. Returns `''` for input without ASCII letters or digits.
 * @param input any text
 * @param maxLength longest word text kept (default {@link MAX_WORDS_LENGTH}); resource detection passes a
 *   larger one and shortens over-long names itself
 */
export function pascalCase(input: string, maxLength = MAX_WORDS_LENGTH): string {
  return pascalMemo(input, maxLength);
}

/**
 * A generated name (an operation's method name, at most 80 characters) in PascalCase, never clipped:
 * `orgsCustomPropertiesForReposCreateOrUpdateOrganizationDefinitions` → `OrgsCustom…Definitions`. Type and hook
 * names built from it must stay as distinct as the names themselves ({@link pascalCase} clips at
 * {@link MAX_WORDS_LENGTH}, which made `…Definitions` and `…Definition` one type name).
 * @param name a camelCase generated name
 * @returns the PascalCase name, `''` for a name without ASCII letters or digits
 */
export function pascalName(name: string): string {
  return pascalCase(name, Number.MAX_SAFE_INTEGER);
}

/**
 * `camelCase('List contacts')` → `listContacts`. Returns `''` for input without ASCII letters or digits.
 * @param input any text
 * @param maxLength longest word text kept (default {@link MAX_WORDS_LENGTH})
 */
export function camelCase(input: string, maxLength = MAX_WORDS_LENGTH): string {
  return camelMemo(input, maxLength);
}

/**
 * `kebabCase('contactsArchive')` → `contacts-archive`.
 * @param input any text
 * @param maxLength longest word text kept (default {@link MAX_WORDS_LENGTH})
 */
export function kebabCase(input: string, maxLength = MAX_WORDS_LENGTH): string {
  return kebabMemo(input, maxLength);
}

/**
 * Singular of an English word (people → person, statuses → status, categories → category),
 * from the `pluralize` library. Only the last word of a camelCase name is singularized.
 * @param word a word or camelCase name
 */
export function singular(word: string): string {
  const m = /^(.*?)([A-Z]?[a-z0-9]+)$/.exec(word);
  if (!m) return singularOfWord(word);
  const head = m[1] ?? '';
  const tail = m[2] ?? '';
  const s = singularOfWord(tail);
  return head + (tail[0] === tail[0]?.toUpperCase() ? s.charAt(0).toUpperCase() + s.slice(1) : s);
}

/**
 * Plural of an English word, from the `pluralize` library; only the last word of a camelCase name changes.
 * @param word a word or camelCase name
 */
export function plural(word: string): string {
  const m = /^(.*?)([A-Z]?[a-z0-9]+)$/.exec(word);
  if (!m) return pluralOfWord(word);
  const head = m[1] ?? '';
  const tail = m[2] ?? '';
  const p = pluralOfWord(tail);
  return head + (tail[0] === tail[0]?.toUpperCase() ? p.charAt(0).toUpperCase() + p.slice(1) : p);
}
