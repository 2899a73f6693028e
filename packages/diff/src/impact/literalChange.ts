import type { ChangeLevel } from '../codes.js';
import type { OutputSymbol } from './outputSymbols.js';

/** Keys whose values are display text: a change to them alone does not break code. */
const TEXT_KEYS: ReadonlySet<string> = new Set(['label', 'description', 'title', 'placeholder', 'help']);

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const short = (v: unknown) => {
  const text = JSON.stringify(v) ?? 'undefined';
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/**
 * Compares the old and new value of a literal entry (a config field or column, a permission, an i18n key).
 * Only display text changed (an i18n string, a `label`, `description` or `title`): non-breaking. Anything
 * else (a permission string, scopes, `required`, `sortable`, an input kind, an enum): possibly breaking,
 * since code may depend on the value. Removed and renamed entries are handled by the caller (breaking).
 * @param before the old entry
 * @param after the new entry (same id)
 * @returns the level and one reason per changed key, or undefined when the values are equal
 */
export function compareLiteral(before: OutputSymbol, after: OutputSymbol): { level: ChangeLevel; reasons: string[] } | undefined {
  if (before.compare !== after.compare) return { level: 'breaking', reasons: ['no longer a literal value'] };
  if (same(before.value, after.value)) return undefined;
  const a = before.value;
  const b = after.value;
  if (!isRecord(a) || !isRecord(b)) {
    const text = typeof a === 'string' && typeof b === 'string' && after.kind === 'i18n key';
    return { level: text ? 'non-breaking' : 'possibly-breaking', reasons: [`${short(a)} → ${short(b)}`] };
  }
  const reasons: string[] = [];
  let onlyText = true;
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (same(a[key], b[key])) continue;
    if (!TEXT_KEYS.has(key)) onlyText = false;
    if (!(key in b)) reasons.push(`\`${key}\` removed (was ${short(a[key])})`);
    else if (!(key in a)) reasons.push(`\`${key}\` added: ${short(b[key])}`);
    else reasons.push(`\`${key}\`: ${short(a[key])} → ${short(b[key])}`);
  }
  return { level: onlyText ? 'non-breaking' : 'possibly-breaking', reasons };
}

/**
 * Pairs a removed literal entry with an added one of the same export and parent that holds the same value
 * (ignoring its `name`): `fields[lastName]` → `fields[surname]`, `fields.lastName` → `fields.surname`.
 * @param removed the removed entry
 * @param added the added symbols (one is returned when exactly one matches)
 */
export function literalRename(removed: OutputSymbol, added: Iterable<OutputSymbol>): OutputSymbol | undefined {
  if (removed.compare !== 'literal' || removed.member === undefined) return undefined;
  const parent = (m: string) => m.replace(/(\[[^\]]*\]|\.[^.[]+|^[^.[]+)$/, '');
  const strip = (v: unknown) => (isRecord(v) ? { ...v, name: undefined } : v);
  const matches = [...added].filter(
    (s) => s.compare === 'literal' && s.file === removed.file && s.exportName === removed.exportName && s.member !== undefined && parent(s.member) === parent(removed.member as string) && same(strip(s.value), strip(removed.value)),
  );
  return matches.length === 1 ? matches[0] : undefined;
}
