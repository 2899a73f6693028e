/**
 * An MSW 3 path pattern from an OpenAPI path template: `{param}` becomes `:param` (with the
 * given MSW-safe name), and literal text is escaped so MSW reads it literally: `*`, `:` and `\`
 * get a backslash, as does a literal that would extend a parameter name; characters a URL parser
 * percent-encodes in a path (space, `<`, `?`, `#`, non-ASCII…) are percent-encoded, because MSW
 * compares literals with the encoded request path.
 * @param template path template, e.g. `/api/v1/contacts/{contactId}`
 * @param names MSW parameter name by contract parameter name
 * @returns e.g. `/api/v1/contacts/:contactId`
 * @see https://spec.openapis.org/oas/v3.1.0#path-templating
 */
export function mswPattern(template: string, names: ReadonlyMap<string, string>): string {
  let out = '';
  let last = 0;
  let afterParam = false;
  for (const m of template.matchAll(/\{([^{}]+)\}/g)) {
    const name = m[1] ?? '';
    out += literal(template.slice(last, m.index), afterParam);
    out += `:${names.get(name) ?? name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?![A-Za-z_])/, '_')}`;
    afterParam = true;
    last = m.index + m[0].length;
  }
  return out + literal(template.slice(last), afterParam);
}

/** Characters a URL parser percent-encodes in a path (WHATWG path percent-encode set, and non-ASCII). */
const ENCODED = /[\u0000-\u0020"#<>?`{}\u007f]|[^\u0000-\u007f]/gu;

/** Percent-encoding of one character; a lone surrogate (not encodable) becomes U+FFFD. */
function encode(c: string): string {
  try {
    return encodeURIComponent(c);
  } catch {
    return '%EF%BF%BD';
  }
}

function literal(text: string, afterParam: boolean): string {
  const escaped = text.replace(ENCODED, encode).replace(/[\\*:]/g, (c) => `\\${c}`);
  return afterParam && /^[A-Za-z0-9_+]/.test(escaped) ? `\\${escaped}` : escaped;
}

/**
 * Sort key of a pattern: per segment 0 for literal text, 1 for a parameter. MSW answers with the
 * first matching handler, so handlers are ordered by this key (literal segments first).
 * @param pattern an MSW pattern
 */
export function specificity(pattern: string): number[] {
  return pattern.split('/').filter((s) => s !== '').map((s) => (/(^|[^\\]):[A-Za-z_]/.test(s) ? 1 : 0));
}

/**
 * Where another operation's literal path is shadowed by this operation's parameters: for each other
 * operation with the same method and segment count whose path has literal segments where this one has
 * whole-segment parameters (and equal literals elsewhere), its path and the `[contract parameter name, literal]` pairs.
 * MSW answers with the first matching handler, so the handler steps aside (`return;`) for those values.
 * @param path this operation's path template, e.g. `/pets/{petId}`
 * @param others the other operations' path templates with the same method, e.g. `/pets/search`
 * @returns e.g. `[{ path: '/pets/search', pairs: [['petId', 'search']] }]`
 */
export function shadowedLiterals(path: string, others: readonly string[]): Array<{ path: string; pairs: Array<[string, string]> }> {
  const param = (seg: string) => /^\{([^{}]+)\}$/.exec(seg)?.[1];
  const mine = path.split('/');
  const out: Array<{ path: string; pairs: Array<[string, string]> }> = [];
  for (const other of others) {
    const theirs = other.split('/');
    if (other === path || theirs.length !== mine.length) continue;
    const pairs: Array<[string, string]> = [];
    let shadowed = true;
    for (let i = 0; i < mine.length && shadowed; i++) {
      const [a, b] = [mine[i] ?? '', theirs[i] ?? ''];
      const pa = param(a);
      const pb = param(b);
      if (pa !== undefined && pb === undefined && !b.includes('{')) pairs.push([pa, b]);
      else if (pa === undefined && pb === undefined) shadowed = a === b;
      else shadowed = pa !== undefined && pb !== undefined;
    }
    if (shadowed && pairs.length > 0 && !out.some((o) => o.path === other)) out.push({ path: other, pairs });
  }
  return out;
}

/** A path template split into segments, with its precision: literal segments, then literal characters. */
interface TemplateInfo {
  segments: string[];
  rank: [number, number];
}

const TEMPLATES = new Map<string, TemplateInfo>();

function info(template: string): TemplateInfo {
  let i = TEMPLATES.get(template);
  if (!i) {
    const segments = template.split('/').slice(1);
    const literals = segments.filter((s) => !s.includes('{')).length;
    const chars = template.replace(/\{[^{}]*\}/g, '').replace(/\//g, '').length;
    i = { segments, rank: [literals, chars] };
    TEMPLATES.set(template, i);
  }
  return i;
}

/**
 * True when `theirs` may match a request segment `mine` matches while keeping `mine`'s literal text: a literal
 * needs the same literal (a parameter there would take the literal as its value: ambiguous, not more precise),
 * a whole parameter takes any non-empty segment, a partial one (`{id}.json`) anything but a whole parameter.
 */
function segmentsMeet(mine: string, theirs: string): boolean {
  const whole = (s: string) => /^\{[^{}]+\}$/.test(s);
  if (!mine.includes('{')) return theirs === mine;
  if (whole(mine)) return theirs !== '';
  return !whole(theirs);
}

/**
 * The other path templates, as long as this one or longer, that are more precise (more literal segments, then
 * more literal characters), keep its literal segments, and may match a request this one matches when the base
 * is a wildcard (`*` matches any origin and any leading segments, so segments are compared from the end):
 * `/memories/{id}/assets` and `/tags/assets` for `/assets`, `/pets/search` for `/pets/{petId}`. The handler of this path steps aside when one of them matches the request (checked at run
 * time with the handler's base, where an exact base rules most of them out), so a request is answered by the
 * handler of the most precise path; ties answer in handler order.
 * @param path this operation's path template
 * @param others the path templates of the same method
 * @returns the more precise templates, sorted, without duplicates
 */
export function morePreciseTemplates(path: string, others: readonly string[]): string[] {
  const mine = info(path);
  const out = new Set<string>();
  for (const other of others) {
    if (other === path || out.has(other)) continue;
    const theirs = info(other);
    const [l1, c1] = theirs.rank;
    const [l0, c0] = mine.rank;
    if (l1 < l0 || (l1 === l0 && c1 <= c0)) continue;
    // A shorter template would leave some of this path's segments to the wildcard base: never more precise.
    if (theirs.segments.length < mine.segments.length) continue;
    let meet = true;
    for (let k = 1; k <= mine.segments.length && meet; k++) meet = segmentsMeet(mine.segments[mine.segments.length - k] ?? '', theirs.segments[theirs.segments.length - k] ?? '');
    if (meet) out.add(other);
  }
  return [...out].sort();
}
