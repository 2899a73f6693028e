// The pure logic of the run-time probe (scripts/corpus-runtime.mjs): where a list's items and an item's key are,
// whether keys are distinct, pages differ, a filter narrows, a sort orders; placeholder strings; the tally of
// every check, its table and the PASS/FAIL lines against the targets. Unit-tested in test/corpus/runtime-checks.test.ts.

/** The checks, in table order, with what each counts. */
export const CHECKS = [
  ['detail', 'a listed item opens its detail by the key it carries'],
  ['distinct', 'listed keys are distinct'],
  ['unknown404', 'an unknown id answers 404'],
  ['paging', 'page 1 and page 2 differ, and the last page ends'],
  ['filter', 'a filter narrows the list'],
  ['sort', 'a sort orders the list'],
  ['create', 'a created item is listed and readable'],
  ['update', 'an update shows in the detail'],
  ['delete', 'a delete answers 404 after and leaves the list'],
  ['crud', 'a full-CRUD resource passes every create, update and delete round trip it has'],
  ['invalid', 'an invalid create (`{}` where the body has required properties) answers 4xx'],
  ['valid', 'a response is valid against the contract (ajv + formats)'],
];

/** The targets of the issue: check → least share passed; `placeholders` → most placeholder strings. */
export const TARGETS = { detail: 1, create: 0.99, update: 0.99, delete: 0.99, crud: 0.99, paging: 0.99, invalid: 0.99, valid: 0.995, placeholders: 0 };

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const ITEM_ARRAYS = ['items', 'data', 'results', 'records', 'content', 'entries', 'list', 'values', 'rows', 'hits', 'elements', 'objects', 'value'];

/**
 * The items of a list answer: the array itself, the pagination's items property, else the first array of objects
 * under a usual name, else the only array of objects among the body's properties (one level down too).
 * @param {unknown} body the parsed JSON body
 * @param {string | string[] | undefined} itemsProperty where core's pagination analysis says the items are
 * @returns {unknown[] | undefined}
 */
export function itemsOf(body, itemsProperty) {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return undefined;
  if (itemsProperty !== undefined) {
    const at = (Array.isArray(itemsProperty) ? itemsProperty : String(itemsProperty).split('.')).reduce((n, k) => (isObject(n) ? n[k] : undefined), body);
    if (Array.isArray(at)) return at;
  }
  for (const name of ITEM_ARRAYS) if (Array.isArray(body[name])) return body[name];
  const arrays = Object.values(body).filter((v) => Array.isArray(v) && v.some(isObject));
  if (arrays.length === 1) return arrays[0];
  for (const v of Object.values(body)) if (isObject(v)) for (const name of ITEM_ARRAYS) if (Array.isArray(v[name])) return v[name];
  return undefined;
}

/**
 * A name compared without case or separators (`pet_id`, `petId` and `PetID` are one name).
 * @param {unknown} name the name
 * @returns {string}
 */
export const norm = (name) => String(name).toLowerCase().replace(/[^a-z0-9]/g, '');

/** Last words of a path parameter that name the key property (plugin-mocks' `NAMING_WORDS`). */
const NAMING_WORDS = ['name', 'slug', 'key', 'code', 'uuid', 'guid', 'number', 'hash', 'path'];

/**
 * The property of a list item that holds the key its detail path takes: the path parameter's own name, then the
 * property its last word names (`vaultName` → `name`, `issue_number` → `number`, ahead of an `id`), then `id`,
 * then the parameter without the entity prefix (`petId` → `id`, `pet_name` → `name`), then the one property shaped
 * like the parameter's example (DigitalOcean's `{namespace_id}`, example `fn-xxxxxxxx-…`: `namespace`, not `uuid`),
 * then its last word (`floating_ip` → `ip`), then `uuid`, `key`, `slug`, `name`, `code`, matched without case or
 * separators. Only scalar (string or number) values count.
 * @param {unknown} item a list item
 * @param {string} param the detail path's parameter
 * @param {string | number} [example] the parameter's example in the contract
 * @returns {string | undefined} the property name
 */
export function keyProperty(item, param, example) {
  if (!isObject(item)) return undefined;
  const suffix = /(id|key|name|slug|code|uuid|number|hash)$/i.exec(param)?.[1];
  const words = param.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_\-.]+/);
  const last = words.at(-1) ?? '';
  const scalar = Object.keys(item).filter((k) => typeof item[k] === 'string' || typeof item[k] === 'number');
  const named = (names) => {
    for (const w of names.map(norm)) {
      const found = scalar.find((k) => norm(k) === w);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const naming = words.length > 1 && NAMING_WORDS.includes(norm(last)) ? [last] : [];
  return named([param, ...naming, 'id', ...(suffix ? [suffix] : [])]) ?? shapedLike(item, scalar, example) ?? named([...(last.length > 1 ? [last] : []), 'uuid', 'key', 'slug', 'name', 'code']);
}

/**
 * The one scalar property of an item whose value is the parameter's example, or has its length and its prefix of
 * letters and a separator (`fn-` of `fn-xxxxxxxx-…`); undefined when none or several.
 */
function shapedLike(item, scalar, example) {
  if (typeof example !== 'string' && typeof example !== 'number') return undefined;
  const text = String(example);
  const prefix = /^[A-Za-z]+[-_]/.exec(text)?.[0];
  const fits = scalar.filter((k) => {
    const v = String(item[k]);
    return v === text || (prefix !== undefined && v.startsWith(prefix) && v.length === text.length);
  });
  return fits.length === 1 ? fits[0] : undefined;
}

/**
 * The entity in a single-item answer: the body when it has the property, else an object (or a one-item array's
 * object) under one of its properties that has it (`{ data: { id } }`, `{ Quotes: [{ QuoteID }] }`; a body whose
 * property of that name holds an object is such a wrapper, `{ namespace: { namespace } }`); of several,
 * the one named like the detail path's parameter without its key suffix (`{ group: { id }, role: { id } }` for
 * `{role_id}`: `role`), else the first.
 * @param {unknown} body the parsed JSON body
 * @param {string} property the key property
 * @param {string} [param] the detail path's parameter
 * @returns {Record<string, unknown> | undefined}
 */
export function entityOf(body, property, param) {
  if (!isObject(body)) return undefined;
  // A wrapper named like the key (`{ namespace: { namespace: 'fn-…' } }`) is not the entity.
  if (property in body && !isObject(body[property])) return body;
  const stem = param === undefined ? undefined : norm(param).replace(/(id|uuid|guid|key)$/, '');
  const holding = Object.entries(body).flatMap(([name, v]) => {
    const one = Array.isArray(v) && v.length === 1 ? v[0] : v;
    return isObject(one) && property in one ? [{ name, one }] : [];
  });
  return (holding.find((h) => stem && norm(h.name) === stem) ?? holding[0])?.one;
}

/**
 * The key of a created item's answer: by the list's key property when known, else by {@link keyProperty} on the
 * body or an object one level down.
 * @param {unknown} body the create's answer
 * @param {string | undefined} keyProp the key property the list items carry
 * @param {string} param the detail path's parameter
 * @returns {{ prop: string, key: unknown } | undefined}
 */
export function createdKey(body, keyProp, param) {
  if (keyProp) {
    const entity = entityOf(body, keyProp, param);
    return entity && entity[keyProp] !== undefined ? { prop: keyProp, key: entity[keyProp] } : undefined;
  }
  const candidates = isObject(body) ? [body, ...Object.values(body).map((v) => (Array.isArray(v) && v.length === 1 ? v[0] : v))] : [];
  for (const c of candidates) {
    const prop = keyProperty(c, param);
    if (prop) return { prop, key: c[prop] };
  }
  return undefined;
}

/** True for a value a key can be: a string or a number. */
export const isScalar = (v) => typeof v === 'string' || typeof v === 'number';

/**
 * The property of a detail (or of an object one level down) holding a listed key (`{ name: 'Ada' }`: `name`).
 * @param {unknown} json the detail's answer
 * @param {string | number} key the listed key
 * @returns {string | undefined} the property's name
 */
export function showing(json, key) {
  const objects = json && typeof json === 'object' ? [json, ...Object.values(json).filter((v) => v && typeof v === 'object' && !Array.isArray(v))] : [];
  for (const o of objects) for (const [k, v] of Object.entries(o)) if (isScalar(v) && String(v) === String(key)) return k;
  return undefined;
}

/** True when no two keys are equal (as strings). */
export const distinctKeys = (keys) => new Set(keys.map(String)).size === keys.length;

/**
 * Whether two pages are distinct and paging ends: page 1 and page 2 share no key, and a later page is empty or short.
 * @param {string[]} first keys of page 1
 * @param {string[]} second keys of page 2
 * @param {boolean} ended a page came back empty (or without a next page) within the pages fetched
 * @returns {{ ok: boolean, why?: string }}
 */
export function pagingVerdict(first, second, ended) {
  if (first.length === 0) return { ok: false, why: 'page 1 is empty' };
  const shared = second.filter((k) => first.includes(k));
  if (second.length > 0 && shared.length === second.length) return { ok: false, why: `page 2 repeats page 1 (${shared.slice(0, 2).join(', ')})` };
  if (shared.length > 0) return { ok: false, why: `pages 1 and 2 share ${shared.length} keys` };
  if (!ended) return { ok: false, why: 'no page came back empty or short' };
  return { ok: true };
}

/**
 * Whether a filtered list narrows: non-empty, every item has the value, and fewer items than unfiltered.
 * @param {unknown[]} all unfiltered items
 * @param {unknown[]} filtered items answered with the filter
 * @param {string} property the filtered property
 * @param {unknown} value the value asked for
 */
export function filterVerdict(all, filtered, property, value) {
  if (filtered.length === 0) return { ok: false, why: `no item with ${property}=${String(value)} came back` };
  const off = filtered.filter((i) => !isObject(i) || String(i[property]) !== String(value));
  if (off.length > 0) return { ok: false, why: `${off.length} of ${filtered.length} items have another ${property}` };
  if (filtered.length >= all.length) return { ok: false, why: 'the filter returned every item' };
  return { ok: true };
}

/** Compares two values for a sort: numbers as numbers, the rest as strings (locale-free). */
const compare = (a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);

/**
 * True when the items are ordered by the property (missing values last), ascending or descending.
 * @param {unknown[]} items
 * @param {string} property
 * @param {boolean} [descending]
 */
export function isOrdered(items, property, descending = false) {
  const values = items.map((i) => (isObject(i) ? i[property] : undefined)).filter((v) => v !== undefined && v !== null);
  for (let i = 1; i < values.length; i++) {
    const c = compare(values[i - 1], values[i]);
    if (descending ? c < 0 : c > 0) return false;
  }
  return true;
}

/**
 * The strings of a body that are placeholders, `<property>-<n>` (a property's name, a dash and a number).
 * @param {unknown} body a parsed JSON body
 * @returns {{ strings: number, placeholders: string[] }}
 */
export function placeholders(body) {
  const out = { strings: 0, placeholders: [] };
  const walk = (v, key) => {
    if (typeof v === 'string') {
      out.strings++;
      if (key !== undefined && v.length > key.length + 1 && v.startsWith(`${key}-`) && /^\d+$/.test(v.slice(key.length + 1))) out.placeholders.push(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(body, undefined);
  return out;
}

/**
 * A fresh tally of one contract: per check, passed and total and the first failures' reasons.
 * @returns {{ checks: Record<string, { passed: number, total: number, failures: string[] }>, strings: number, placeholders: string[], record: (check: string, ok: boolean, why?: string) => void }}
 */
export function createTally() {
  const checks = Object.fromEntries(CHECKS.map(([name]) => [name, { passed: 0, total: 0, failures: [] }]));
  return {
    checks,
    strings: 0,
    placeholders: [],
    record(check, ok, why) {
      const c = checks[check];
      c.total++;
      if (ok) c.passed++;
      else if (c.failures.length < 5) c.failures.push(why ?? 'failed');
    },
  };
}

/**
 * The checks pooled over contracts.
 * @param {Array<{ checks?: Record<string, { passed: number, total: number }>, strings?: number, placeholders?: string[] }>} rows
 * @returns {{ checks: Record<string, { passed: number, total: number, share: number }>, strings: number, placeholders: number }}
 */
export function pool(rows) {
  const checks = Object.fromEntries(CHECKS.map(([name]) => [name, { passed: 0, total: 0, share: 1 }]));
  let strings = 0;
  let placeholderCount = 0;
  for (const row of rows) {
    for (const [name, c] of Object.entries(row.checks ?? {})) {
      checks[name].passed += c.passed;
      checks[name].total += c.total;
    }
    strings += row.strings ?? 0;
    placeholderCount += row.placeholders?.length ?? 0;
  }
  for (const c of Object.values(checks)) c.share = c.total === 0 ? 1 : c.passed / c.total;
  return { checks, strings, placeholders: placeholderCount };
}

const pct = (x) => `${(100 * x).toFixed(1)} %`;

/**
 * The pooled table, as markdown.
 * @param {ReturnType<typeof pool>} pooled
 */
export function tableMarkdown(pooled) {
  const lines = ['| check | passed | share |', '|---|---:|---:|'];
  for (const [name, about] of CHECKS) {
    const c = pooled.checks[name];
    lines.push(`| ${about} | ${c.passed}/${c.total} | ${c.total === 0 ? '–' : pct(c.share)} |`);
  }
  lines.push(`| placeholder strings (\`<property>-<n>\`) | ${pooled.placeholders} of ${pooled.strings} strings | ${pooled.strings === 0 ? '–' : pct(pooled.placeholders / pooled.strings)} |`);
  return lines.join('\n');
}

/**
 * PASS/FAIL lines against {@link TARGETS}.
 * @param {ReturnType<typeof pool>} pooled
 * @returns {string[]}
 */
export function targetLines(pooled) {
  const lines = [];
  for (const [name, least] of Object.entries(TARGETS)) {
    if (name === 'placeholders') {
      lines.push(`${pooled.placeholders <= least ? 'PASS' : 'FAIL'} placeholder strings: ${pooled.placeholders} (target 0)`);
      continue;
    }
    const c = pooled.checks[name];
    if (c.total === 0) lines.push(`---- ${name}: no check applied`);
    else lines.push(`${c.share >= least ? 'PASS' : 'FAIL'} ${name}: ${pct(c.share)} of ${c.total} (target ≥ ${pct(least)})`);
  }
  return lines;
}

/**
 * The weakest contracts: those that failed to run first, then the highest share of failed checks among contracts
 * with at least `least` checks, then the most failed. "No placeholder strings" counts as one more check per contract.
 * @param {any[]} rows per-contract rows (`id`, `checks`, `placeholders`, `error`)
 * @param {number} n how many
 * @param {number} [least] fewest checks a contract needs to be ranked (default 10)
 * @returns {Array<{ id: string, failed: number, total: number, reason: string }>}
 */
export function weakest(rows, n, least = 10) {
  const scored = rows.map((row) => {
    if (row.error) return { id: row.id, failed: Infinity, total: 0, reason: row.error };
    const entries = Object.entries(row.checks).filter(([name]) => name !== 'crud'); // a verdict over create, update and delete
    const failed = entries.reduce((s, [, c]) => s + c.total - c.passed, 0) + (row.placeholders?.length ? 1 : 0);
    const total = entries.reduce((s, [, c]) => s + c.total, 0) + 1;
    const worst = entries.filter(([, c]) => c.passed < c.total).sort((a, b) => b[1].total - b[1].passed - (a[1].total - a[1].passed))[0];
    const reason = worst ? `${worst[0]} ${worst[1].passed}/${worst[1].total}: ${worst[1].failures[0] ?? ''}` : row.placeholders?.length ? `${row.placeholders.length} placeholder strings (${row.placeholders[0]})` : 'no failure';
    return { id: row.id, failed, total, reason };
  });
  const share = (s) => (s.failed === Infinity ? 2 : s.failed / s.total);
  return scored
    .filter((s) => s.failed > 0 && (s.failed === Infinity || s.total >= least))
    .sort((a, b) => share(b) - share(a) || b.failed - a.failed || a.id.localeCompare(b.id))
    .slice(0, n);
}
