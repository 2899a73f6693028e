/** Words written in capitals in humanized labels. */
const ACRONYMS: ReadonlySet<string> = new Set(['id', 'ids', 'url', 'uri', 'uuid', 'api', 'ip', 'json', 'html', 'http', 'https', 'sku', 'vat', 'iban']);

/** A capital letter (what the case splits of {@link humanize} start at). */
const UPPER = /\p{Lu}/u;

/** Names whose humanized form would be meaningless. */
const SPECIAL: ReadonlyMap<string, string> = new Map([['q', 'Search']]);

/**
 * A label from a property or parameter name: words split at case changes and non-alphanumerics,
 * lower case except known acronyms, first word capitalized. `firstName` → `First name`,
 * `created_at` → `Created at`, `companyId` → `Company ID`, `q` → `Search`.
 * Falls back to the trimmed name when it holds no letters or digits.
 * @param name a name from the contract
 */
export function humanize(name: string): string {
  const special = SPECIAL.get(name);
  if (special) return special;
  // Both case splits need a capital: most contract names (`created_at`) have none, and skip them.
  const split = UPPER.test(name) ? name.replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2') : name;
  const words = split
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : /^\p{Lu}{2,}$/u.test(w) ? w : w.toLowerCase()));
  if (words.length === 0) return name.trim() || name;
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

/**
 * A one-line label from contract text (a title or summary): whitespace runs collapsed, trimmed.
 * @param text raw text
 * @returns the label, or undefined when the text is empty
 */
export function cleanLabel(text: string | undefined): string | undefined {
  if (typeof text !== 'string') return undefined;
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean === '' ? undefined : clean;
}
