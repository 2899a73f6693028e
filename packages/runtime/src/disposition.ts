/**
 * The file name of a `Content-Disposition` header (RFC 6266, with the `filename*` extended value of RFC 8187).
 *
 * @packageDocumentation
 */

/** Decodes an RFC 8187 `ext-value` (`UTF-8''na%C3%AFve.txt`); `undefined` for an unknown charset or bad encoding. */
function decodeExtValue(value: string): string | undefined {
  const match = /^([\w!#$%&+^`{}~-]+)'[\w-]*'(.*)$/.exec(value);
  if (match === null) return undefined;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') return encoded.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return undefined;
  }
  return undefined;
}

/** The parameters of a header value: `attachment; filename="a.txt"` → `filename` → `a.txt` (quotes and `\` escapes removed). */
function parameters(header: string): Map<string, string> {
  const found = new Map<string, string>();
  const re = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const m of header.matchAll(re)) {
    const name = (m[1] ?? '').toLowerCase();
    const value = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '').trim();
    if (!found.has(name)) found.set(name, value);
  }
  return found;
}

/**
 * The file name a `Content-Disposition` header gives: `filename*` (RFC 8187, UTF-8 or ISO-8859-1) when
 * present and decodable, else `filename`. Only the last path segment is kept (RFC 6266 §4.3: a recipient
 * must not let the name pick a folder), so `../../x.txt` gives `x.txt`.
 *
 * @param header - the header value, or `null` when the response has none.
 * @returns the file name, or `undefined` when the header names none (or only an empty one).
 */
export function contentDispositionFileName(header: string | null | undefined): string | undefined {
  if (header === null || header === undefined) return undefined;
  const params = parameters(`;${header}`);
  const extended = params.get('filename*');
  const name = (extended !== undefined ? decodeExtValue(extended) : undefined) ?? params.get('filename');
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base === undefined || base === '' || base === '.' || base === '..' ? undefined : base;
}
