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
    out += `:${names.get(name) ?? mswParamName(name)}`;
    afterParam = true;
    last = m.index + m[0].length;
  }
  return out + literal(template.slice(last), afterParam);
}

/**
 * An MSW path parameter name for a contract parameter name: characters other than letters, digits and `_`
 * become `_`, and a name that does not start with a letter or `_` gets a leading `_`.
 * @param name the contract's parameter name
 * @returns e.g. `pet_id` for `pet-id`, `_1st` for `1st`
 */
export function mswParamName(name: string): string {
  return name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?![A-Za-z_])/, '_');
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
