// The HTTP side of the run-time probe: URLs of an operation, one call that validates its answer against the
// contract (ajv, through the mock-schemas test's OpenAPI → JSON Schema conversion) and counts placeholder strings,
// and request bodies sampled with json-schema-faker and checked with ajv before they are sent.
import { JSONSchemaFaker } from 'json-schema-faker';
import { placeholders } from './runtime-checks.mjs';
import { prng } from './prng.mjs';

/**
 * The path of an operation with its parameters filled in (a path key's `#fragment` dropped, its literal query kept).
 * @param {string} route the path key, e.g. `/pets/{petId}`
 * @param {Record<string, string | number>} values parameter values by name
 * @param {Record<string, string | number | undefined>} [query] query parameters (undefined ones left out)
 */
export function urlPath(route, values, query = {}) {
  const bare = route.replace(/#.*$/, '');
  const filled = bare.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(String(values[name] ?? 'p1')));
  const pairs = Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  if (pairs.length === 0) return filled;
  return `${filled}${filled.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}

/** The schema pointer of the answer's status: the exact status, then `4XX`-style, then `default`; undefined when the status is not declared. */
export function pointerFor(responses, status) {
  const keys = [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, 'default'];
  const key = keys.find((k) => k in responses);
  return key === undefined ? { declared: false } : { declared: true, pointer: responses[key] };
}

/**
 * A caller of one contract's running mock server.
 * @param {string} base the server's URL
 * @param {{ validate(pointer: string, value: unknown): { valid: boolean, errors: Array<{ instancePath: string, message: string }> } }} validator response view
 * @param {{ record(check: string, ok: boolean, why?: string): void, strings: number, placeholders: string[] }} tally
 * @param {number} timeoutMs per request
 */
export function createCaller(base, validator, tally, timeoutMs = 10_000) {
  const seen = new Set();
  /**
   * @param {{ method: string, path: string, responses: Record<string, string | undefined> }} op
   * @param {string} url the path and query
   * @param {unknown} [body] a JSON body
   * @returns {Promise<{ status: number, json: unknown }>}
   */
  return async function call(op, url, body) {
    const response = await fetch(base + url, {
      method: op.method.toUpperCase(),
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const { pointer } = pointerFor(op.responses, response.status);
    if (pointer && json !== undefined) {
      const result = validator.validate(pointer, json);
      const first = result.errors[0];
      tally.record('valid', result.valid, `${op.method.toUpperCase()} ${op.path} ${response.status}: ${first ? `${first.instancePath} ${first.message}` : ''}`);
      const found = placeholders(json);
      tally.strings += found.strings;
      for (const p of found.placeholders) if (!seen.has(p) && seen.add(p)) tally.placeholders.push(p);
    }
    return { status: response.status, json };
  };
}

/** The value at a local JSON pointer of a document. */
export function atPointer(doc, pointer) {
  let node = doc;
  for (const token of pointer.slice(2).split('/')) node = node?.[decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

/**
 * A request body for a schema of the converted document, valid for the request view, or undefined when three
 * samples all fail ajv (the probe then leaves the check out rather than blame the mocks).
 * @param {{ converted: any, validate(pointer: string, value: unknown): { valid: boolean } }} requestView
 * @param {string} pointer the body schema's pointer
 * @param {number} seed
 */
export function sampleBody(requestView, pointer, seed) {
  const schema = atPointer(requestView.converted, pointer);
  if (schema === undefined) return undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    JSONSchemaFaker.option({ alwaysFakeOptionals: attempt === 0, optionalsProbability: 0.5, useExamplesValue: attempt < 2, useDefaultValue: true, failOnInvalidTypes: false, failOnInvalidFormat: false, maxItems: 2, maxLength: 40, refDepthMax: 4, random: prng(seed + attempt) });
    try {
      // json-schema-faker rewrites the schemas it is given (an allOf merged in place, its `$ref` members and their
      // `required` lost): it gets a copy, so the document ajv compiles later pointers from stays the contract's.
      const body = JSONSchemaFaker.generate(structuredClone({ ...schema, components: requestView.converted.components, definitions: requestView.converted.definitions }));
      if (requestView.validate(pointer, body).valid) return body;
    } catch {
      // a schema the sampler cannot follow: try again, then give up
    }
  }
  return undefined;
}

/**
 * The property names a discriminator of the raw document names (`{ propertyName: 'type' }`): a variant fixes them,
 * so no form edits them. The converted view has dropped `discriminator`.
 * @param {unknown} document the raw OpenAPI document
 * @returns {Set<string>}
 */
export function discriminatorNames(document) {
  const names = new Set();
  const seen = new Set();
  const walk = (node) => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (typeof node.discriminator?.propertyName === 'string') names.add(node.discriminator.propertyName);
    for (const v of Object.values(node)) walk(v);
  };
  walk(document);
  return names;
}

/**
 * The writable string properties of a body schema an update can change: no enum, format, pattern or const, not
 * readOnly or writeOnly (a detail would not show it), not the key nor a discriminator's; with their largest length.
 * @param {any} requestView the request view (converted document)
 * @param {string} pointer the body schema's pointer
 * @param {string | undefined} keyProp the key property, never changed
 * @param {Set<string>} [fixed] property names a discriminator fixes ({@link discriminatorNames})
 * @returns {Array<{ name: string, maxLength: number }>}
 */
export function writableStrings(requestView, pointer, keyProp, fixed = new Set()) {
  const resolve = (s) => (s?.$ref?.startsWith('#') ? resolve(atPointer(requestView.converted, s.$ref)) : s);
  const schema = resolve(atPointer(requestView.converted, pointer));
  const props = { ...(schema?.properties ?? {}) };
  for (const part of schema?.allOf ?? []) Object.assign(props, resolve(part)?.properties ?? {});
  const out = [];
  for (const [name, raw] of Object.entries(props)) {
    const p = resolve(raw);
    if (!p || name === keyProp || fixed.has(name) || p.readOnly || p.writeOnly || p.not || p.enum || p.format || p.pattern || p.const !== undefined) continue;
    const type = Array.isArray(p.type) ? p.type : [p.type];
    if (!type.includes('string') || (p.minLength ?? 0) > 12) continue;
    out.push({ name, maxLength: p.maxLength ?? 40 });
  }
  return out;
}
