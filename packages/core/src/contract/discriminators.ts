import type { DiscriminatorNode, SchemaNode } from '../model/types.js';
import { cmp } from '../diagnostics/Diagnostics.js';
import { resolvePointer } from './loadContract.js';

type Raw = Record<string, unknown>;

const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * The discriminator of a `oneOf`/`anyOf`: each variant's tag values. The explicit `mapping` first; a variant it
 * does not name is tagged with the value it pins the property to (its `enum`/`const`, through `$ref`s and
 * `allOf`); only when it pins nothing, with its component name (the spec's default).
 * @param doc the bundled document
 * @param s the raw union schema
 * @param list its raw variants
 * @param variants the normalized variants (same order)
 * @returns `{ discriminator }`, or `{}` when the schema declares none
 * @see https://spec.openapis.org/oas/v3.1.0#discriminator-object
 */
export function discriminatorOf(doc: unknown, s: Raw, list: unknown[], variants: SchemaNode[]): { discriminator?: DiscriminatorNode } {
  const d = s['discriminator'] as Raw | undefined;
  if (!d || typeof d['propertyName'] !== 'string') return {};
  const mapping: Array<{ value: string; variant: number }> = [];
  const explicit = (d['mapping'] as Record<string, string> | undefined) ?? {};
  const targets = list.map((v) => (v && typeof v === 'object' ? ((v as Raw)['$ref'] as string | undefined) : undefined));
  const used = new Set<number>();
  for (const value of Object.keys(explicit).sort(cmp)) {
    const target = explicit[value];
    if (typeof target !== 'string') continue;
    const full = target.startsWith('#') || target.includes('/') ? target : COMPONENT_PREFIX + target;
    const index = targets.findIndex((t) => t === full || (t !== undefined && t.endsWith(`/${target}`)));
    if (index >= 0 && variants[index]) {
      mapping.push({ value, variant: index });
      used.add(index);
    }
  }
  // A variant the mapping does not name is tagged with the value it pins the property to (its `enum`/`const`,
  // through `$ref`s and `allOf`); only when it pins nothing, with its component name (the spec's default).
  list.forEach((v, index) => {
    if (used.has(index)) return;
    const pinned = pinnedValues(doc, v, d['propertyName'] as string, new Set());
    if (pinned) {
      for (const value of pinned) mapping.push({ value, variant: index });
      return;
    }
    const t = targets[index];
    if (t === undefined || !t.startsWith(COMPONENT_PREFIX)) return;
    mapping.push({ value: decodeToken(t.slice(COMPONENT_PREFIX.length)), variant: index });
  });
  return { discriminator: { propertyName: d['propertyName'] as string, mapping } };
}

/**
 * The string values a raw schema pins a property to: the property's `const`, or its `enum` (every value a
 * string), looking through `$ref`s (of the schema and of the property) and `allOf` members (a later member
 * wins, as in the printed type). Undefined when the schema leaves the property open.
 * @param doc the bundled document
 * @param raw a schema object as in the document
 * @param property the property name (a discriminator's `propertyName`)
 * @param seen `$ref`s followed so far (cycle guard)
 */
export function pinnedValues(doc: unknown, raw: unknown, property: string, seen: Set<string>): string[] | undefined {
  const s = follow(doc, raw, seen);
  if (!s) return undefined;
  let pinned: string[] | undefined;
  const props = s['properties'];
  if (props && typeof props === 'object' && !Array.isArray(props)) {
    const prop = follow(doc, (props as Raw)[property], new Set(seen));
    if (prop) pinned = literalStrings(prop);
  }
  if (Array.isArray(s['allOf'])) {
    for (const member of s['allOf'] as unknown[]) pinned = pinnedValues(doc, member, property, new Set(seen)) ?? pinned;
  }
  return pinned;
}

/** A raw schema object with its `$ref` chain followed; undefined for a boolean schema, a dangling `$ref` or a cycle. */
function follow(doc: unknown, raw: unknown, seen: Set<string>): Raw | undefined {
  let s = raw;
  for (let hops = 0; s && typeof s === 'object' && !Array.isArray(s) && typeof (s as Raw)['$ref'] === 'string'; hops++) {
    const ref = (s as Raw)['$ref'] as string;
    if (seen.has(ref) || hops > 32) return undefined;
    seen.add(ref);
    s = resolvePointer(doc, ref);
  }
  return s && typeof s === 'object' && !Array.isArray(s) ? (s as Raw) : undefined;
}

/** True when a raw schema declares the property with a `type` that does not allow a string (an array, an object). */
function notString(schema: unknown, property: string): boolean {
  const props = schema && typeof schema === 'object' ? (schema as Raw)['properties'] : undefined;
  const declared = props && typeof props === 'object' ? (props as Raw)[property] : undefined;
  const type = declared && typeof declared === 'object' ? (declared as Raw)['type'] : undefined;
  return typeof type === 'string' ? type !== 'string' : Array.isArray(type) && !type.includes('string');
}

/**
 * For a component schema that extends (`allOf`) a component with a discriminator, the discriminator
 * property fixed to this schema's value(s): the mapping keys that point at it, else its component name.
 * @param doc the bundled document
 * @param s the raw schema
 * @param allOf its raw `allOf` members
 * @param pointer its JSON pointer
 * @returns one object node per inherited discriminator that pins the tag; none from a parent whose discriminator
 *   belongs to its own `oneOf`/`anyOf` when the mapping does not name this schema (the schema then is the union)
 * @see https://spec.openapis.org/oas/v3.1.0#discriminator-object (allOf inheritance)
 */
export function inheritedDiscriminators(doc: unknown, s: Raw, allOf: unknown[], pointer: string): SchemaNode[] {
  if (!pointer.startsWith(COMPONENT_PREFIX) || pointer.slice(COMPONENT_PREFIX.length).includes('/')) return [];
  const self = decodeToken(pointer.slice(COMPONENT_PREFIX.length));
  const schemas = componentSchemas(doc);
  // A schema that pins the discriminator property itself (`petType: { const: cat }`) already carries its tag:
  // adding the mapping key or its name as well would contradict it (the intersection would be `never`).
  const pinnedHere = (propertyName: string) => pinnedValues(doc, s, propertyName, new Set([pointer])) !== undefined;
  const out: SchemaNode[] = [];
  allOf.forEach((member, i) => {
    const parentKey = componentOf(member);
    if (parentKey === undefined) return;
    const parent = schemas?.[parentKey] as Raw | undefined;
    const d = parent?.['discriminator'] as Raw | undefined;
    if (parentKey === self || !d || typeof d['propertyName'] !== 'string' || pinnedHere(d['propertyName'])) return;
    // A tag is a string: a discriminator naming a property typed otherwise (zalando.com's `content` array) pins nothing.
    if (notString(s, d['propertyName']) || notString(schemas?.[parentKey], d['propertyName'])) return;
    const mapped = mappedKeys(d, self, pointer);
    // A parent whose discriminator tells its own `oneOf`/`anyOf` variants apart is a union, not a base: a schema
    // that extends it without being one of its mapped variants (`Check: allOf: [CheckDiscriminator]`) is that
    // union under another name, and already carries each variant's tag.
    if (mapped.length === 0 && (Array.isArray(parent?.['oneOf']) || Array.isArray(parent?.['anyOf']))) return;
    const own = mapped.length > 0 ? mapped : [self];
    // An object of a schema extending this one carries its own tag (VisualSearch's `ImageObject` under
    // `Identifiable`): the pin allows those too, or every descendant would be `never` or refuse its own tag.
    const below = descendants(doc, self).flatMap((key) => tagsOf(doc, key, d));
    const at = `${pointer}/allOf/${i}`;
    out.push({
      kind: 'object',
      pointer: at,
      tag: true,
      properties: [{ name: d['propertyName'], required: true, schema: { kind: 'string', pointer: at, enum: [...own, ...[...new Set(below)].filter((v) => !own.includes(v)).sort(cmp)] } }],
    });
  });
  return out;
}

/** The mapping keys of a discriminator whose target is a component: by its name, its decoded pointer or its pointer as `written`; sorted. */
function mappedKeys(d: Raw, key: string, written = pointerOf(key)): string[] {
  const byTarget = d['mapping'] && typeof d['mapping'] === 'object' ? mappingIndex(d['mapping'] as Raw) : undefined;
  const hits = byTarget ? [byTarget.raw.get(key), byTarget.decoded.get(pointerOf(key)), byTarget.raw.get(written)] : [];
  return [...new Set(hits.flatMap((list) => list ?? []))].sort(cmp);
}

/**
 * The tag values an object of a component schema carries for a discriminator: the values it pins the property to
 * (itself or through `allOf`), else the discriminator's mapping keys naming it, else its component name (the spec's default).
 */
function tagsOf(doc: unknown, key: string, d: Raw): string[] {
  const pinned = pinnedValues(doc, componentSchemas(doc)?.[key], d['propertyName'] as string, new Set([pointerOf(key)]));
  if (pinned) return pinned;
  const mapped = mappedKeys(d, key);
  return mapped.length > 0 ? mapped : [key];
}

/** The component a schema refers to (`$ref: '#/components/schemas/<name>'`), by name; undefined for anything else. */
function componentOf(member: unknown): string | undefined {
  const ref = member && typeof member === 'object' ? (member as Raw)['$ref'] : undefined;
  if (typeof ref !== 'string' || !ref.startsWith(COMPONENT_PREFIX) || ref.slice(COMPONENT_PREFIX.length).includes('/')) return undefined;
  return decodeToken(ref.slice(COMPONENT_PREFIX.length));
}

/** The document's component schemas, if any. */
function componentSchemas(doc: unknown): Raw | undefined {
  return ((doc as Raw)['components'] as Raw | undefined)?.['schemas'] as Raw | undefined;
}

/** Per document, each component schema's direct `allOf` children (component names): made once per document. */
const childIndexes = new WeakMap<object, Map<string, string[]>>();

/** The component schemas that extend a component through `allOf` chains (cycle-safe), itself excluded; sorted. */
function descendants(doc: unknown, key: string): string[] {
  let children = childIndexes.get(doc as object);
  if (!children) {
    children = new Map();
    for (const [child, schema] of Object.entries(componentSchemas(doc) ?? {})) {
      const allOf = schema && typeof schema === 'object' ? (schema as Raw)['allOf'] : undefined;
      for (const parent of (Array.isArray(allOf) ? allOf : []).map(componentOf)) {
        if (parent === undefined) continue;
        const list = children.get(parent);
        if (list) list.push(child);
        else children.set(parent, [child]);
      }
    }
    childIndexes.set(doc as object, children);
  }
  const found = new Set<string>([key]);
  const stack = [key];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    for (const child of children.get(next) ?? []) {
      if (found.has(child)) continue;
      found.add(child);
      stack.push(child);
    }
  }
  found.delete(key);
  return [...found].sort(cmp);
}

/** Each discriminator mapping's keys by target, made once per mapping object: see {@link mappingIndex}. */
const mappingIndexes = new WeakMap<Raw, MappingIndex>();

/** A discriminator mapping's keys by target: as the target is written (`raw`), and decoded (see {@link decodeToken}). */
interface MappingIndex {
  raw: Map<string, string[]>;
  decoded: Map<string, string[]>;
}

/**
 * The keys of a discriminator's `mapping` by target, made once per mapping object, so that a component extended by
 * thousands of schemas (Microsoft Graph's `entity`, with thousands of mapping entries) is not searched through once
 * per schema.
 * @param mapping the raw `mapping` object
 */
function mappingIndex(mapping: Raw): MappingIndex {
  let index = mappingIndexes.get(mapping);
  if (index) return index;
  index = { raw: new Map(), decoded: new Map() };
  const add = (map: Map<string, string[]>, key: string, value: string) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const [value, target] of Object.entries(mapping)) {
    if (typeof target !== 'string') continue;
    add(index.raw, target, value);
    add(index.decoded, decodeToken(target), value);
  }
  mappingIndexes.set(mapping, index);
  return index;
}

/** The string values a schema pins itself to (`const`, or an `enum` of strings only); undefined otherwise. */
function literalStrings(s: Raw): string[] | undefined {
  if (s['const'] !== undefined) return typeof s['const'] === 'string' ? [s['const']] : undefined;
  const values = s['enum'];
  if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string')) return undefined;
  return [...new Set(values as string[])];
}

/** The (unescaped) pointer of a component schema, for comparing with mapping targets. */
function pointerOf(key: string): string {
  return COMPONENT_PREFIX + key;
}

/**
 * A JSON pointer token or mapping target, unescaped (`~1` → `/`, `~0` → `~`, percent-decoding).
 * @param token the token
 * @returns the plain text
 */
export function decodeToken(token: string): string {
  let t = token;
  try {
    t = decodeURIComponent(token);
  } catch {
    // keep as is
  }
  return t.replace(/~1/g, '/').replace(/~0/g, '~');
}
