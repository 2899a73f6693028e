import type { ConditionalNode, NamedSchema, SchemaMeta, SchemaNode } from '../model/types.js';
import { resolvePointer, escapePointerToken } from './loadContract.js';
import { safeTypeName, UniqueNames } from '../naming/identifiers.js';
import type { Diagnostics } from '../diagnostics/Diagnostics.js';
import { cmp } from '../diagnostics/Diagnostics.js';
import { decodeToken, discriminatorOf, inheritedDiscriminators } from './discriminators.js';
import { type Normalize, arrayNode, booleanNode, itemsOnArrayVariants, numberNode, objectNode, pick, stringNode, typeKeywords, withRequiredOnly } from './schemaKeywords.js';

type Raw = Record<string, unknown>;

const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * Turns JSON Schema objects of a bundled OpenAPI document into {@link SchemaNode}s.
 *
 * - `$ref`s to `#/components/schemas/X` become `ref` nodes to the named schema `X`.
 * - Other internal `$ref`s are inlined; one that is reached again while it is being inlined (a cycle)
 *   is hoisted into a named schema so the recursion can be typed.
 * - 3.0 `nullable` and 3.1 `type: [T, "null"]` both set `nullable`.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 * @see https://spec.openapis.org/oas/v3.0.3#schema-object
 */
export class SchemaNormalizer {
  readonly #doc: unknown;
  readonly #diagnostics: Diagnostics;
  readonly #named = new Map<string, NamedSchema>();
  readonly #names = new UniqueNames();
  /** Pointers of non-component refs being inlined right now (cycle detection). */
  readonly #inlining = new Set<string>();
  /** Pointer → hoisted name for non-component refs found to be recursive. */
  readonly #hoisted = new Map<string, string>();

  constructor(document: unknown, diagnostics: Diagnostics) {
    this.#doc = document;
    this.#diagnostics = diagnostics;
    const schemas = ((document as Raw)['components'] as Raw | undefined)?.['schemas'] as Raw | undefined;
    const keys = schemas ? Object.keys(schemas).sort(cmp) : [];
    // Reserve names first, in sorted key order, so type names do not depend on the order of use.
    const typeNames = new Map<string, string>();
    for (const key of keys) typeNames.set(key, this.#names.take(safeTypeName(key)));
    for (const key of keys) {
      const pointer = COMPONENT_PREFIX + escapePointerToken(key);
      const entry: NamedSchema = { kind: 'named-schema', name: key, typeName: typeNames.get(key) ?? key, schema: { kind: 'unknown', pointer }, pointer };
      this.#named.set(key, entry);
    }
    for (const key of keys) {
      const entry = this.#named.get(key);
      if (!entry) continue;
      entry.schema = this.normalize(schemas?.[key], entry.pointer);
    }
  }

  /** Named schemas (components and hoisted cycles), sorted by type name. */
  namedSchemas(): NamedSchema[] {
    return [...this.#named.values()].sort((a, b) => cmp(a.typeName, b.typeName));
  }

  /**
   * Normalizes one schema object.
   * @param raw the schema object (or boolean schema) as in the document
   * @param pointer its JSON pointer
   */
  normalize(raw: unknown, pointer: string): SchemaNode {
    if (raw === true || raw === undefined || raw === null) return { kind: 'unknown', pointer };
    if (raw === false || typeof raw !== 'object' || Array.isArray(raw)) return { kind: 'unknown', pointer };
    const s = raw as Raw;
    const meta = this.#meta(s, pointer);
    const ref = s['$ref'];
    if (typeof ref === 'string') return this.#ref(ref, meta, pointer);
    return this.#composed(s, meta, this.#typed(s, meta, pointer), pointer);
  }

  /**
   * The composition pass: a schema's own part (`base`) combined with its `oneOf`/`anyOf` (a union, a
   * `{type: 'null'}` variant making it nullable) and its `allOf` members (an intersection).
   */
  #composed(s: Raw, meta: SchemaMeta, base: SchemaNode, pointer: string): SchemaNode {
    const members: SchemaNode[] = [];
    const allOf = Array.isArray(s['allOf']) ? (s['allOf'] as unknown[]) : undefined;
    const oneOf = Array.isArray(s['oneOf']) ? (s['oneOf'] as unknown[]) : undefined;
    const anyOf = Array.isArray(s['anyOf']) ? (s['anyOf'] as unknown[]) : undefined;
    // A bare `type: object` (no properties, no additionalProperties) beside allOf/oneOf/anyOf only says "an
    // object": the composition describes its properties. As a member of its own it would add an open object
    // (an index signature in the types, any extra key in the mocks' samples).
    if ((allOf || oneOf || anyOf) && base.kind === 'object' && base.properties.length === 0 && base.additionalProperties === undefined) {
      if (base.nullable) meta = { ...meta, nullable: true };
      base = { kind: 'unknown', pointer };
    }
    // `type: 'null'` beside a composition (vercel.com's `{ oneOf: [GitLab, GitHub, Bitbucket], type: 'null' }`) is
    // 3.0's `nullable: true` as converters write it: read literally no value fits (a repository that is null), so it
    // is taken as the composition, nullable (as `allOf: [X, { type: 'null' }]` below).
    if ((allOf || oneOf || anyOf) && base.kind === 'null') {
      meta = { ...meta, nullable: true };
      base = { kind: 'unknown', pointer };
    }
    if (oneOf || anyOf) {
      const { union, empty } = this.#union(s, meta, oneOf ? 'oneOf' : 'anyOf', (oneOf ?? anyOf) as unknown[], pointer);
      // An array that says nothing of its items beside variants that are all objects (soundcloud's subscriptions:
      // `{ type: array, items: {}, anyOf: [{ type: object, … }] }`) admits no value read literally; its example is an
      // object: the variants describe the value, as a bare `type: object` beside them would.
      if (base.kind === 'array' && base.items.kind === 'unknown' && !base.prefixItems && (union.kind === 'union' ? union.variants : [union]).every((v) => v.kind === 'object')) base = { kind: 'unknown', pointer };
      if (empty || base.kind === 'unknown' || base.kind === 'union') return union;
      const spread = itemsOnArrayVariants(s, base, union);
      if (spread && !allOf) return spread;
      members.push(...(spread ? [{ ...spread, nullable: false }] : [base, { ...union, nullable: false }]));
      base = { kind: 'unknown', pointer };
    }
    if (allOf) {
      const declared = (name: string): SchemaNode | undefined => this.#memberProperty(allOf, `${pointer}/allOf`, name);
      // A member that only lists `required` (DigitalOcean's `allOf: [$ref, { required: [total] }]`) makes the
      // properties the other members declare required; alone it would be `unknown` and the list lost.
      // A member that is only such a choice (DigitalOcean's `allOf: [$ref, { anyOf: [{ required: [inbound_rules] }, …] }]`)
      // requires what the other members declare too.
      const part = (m: unknown, at: string): SchemaNode => {
        if (requiredOnly(m)) return withRequiredOnly({ kind: 'unknown', pointer: at }, m, at, declared);
        const choice = requiredChoice(m);
        return choice ? this.#union(m as Raw, { pointer: at }, choice, (m as Raw)[choice] as unknown[], at, declared).union : this.normalize(m, at);
      };
      let parts = allOf.map((m, i) => part(m, `${pointer}/allOf/${i}`));
      // `allOf: [X, { type: 'null' }]` is OpenAPI 3.0's `allOf: [X], nullable: true` as converters write it in 3.1:
      // read literally no value fits (a string that is null), so it is taken as a nullable X.
      if (parts.some((p) => p.kind === 'null') && parts.some((p) => p.kind !== 'null')) {
        meta = { ...meta, nullable: true };
        parts = parts.filter((p) => p.kind !== 'null');
      }
      base = withRequiredOnly(base, s, pointer, declared);
      if (base.kind !== 'unknown') members.unshift(base);
      members.push(...parts, ...inheritedDiscriminators(this.#doc, s, allOf, pointer));
    }
    if (members.length === 0) return base;
    if (members.length === 1 && members[0]) return { ...members[0], ...pick(meta) };
    return { ...meta, kind: 'intersection', members };
  }

  /**
   * The union of a `oneOf`/`anyOf`: its variants, a `{type: 'null'}` variant taken out into `nullable`; one variant
   * left stands for the union. `empty` when no variant is left (then the node is `null` or `unknown`).
   */
  #union(s: Raw, meta: SchemaMeta, source: 'oneOf' | 'anyOf', list: unknown[], pointer: string, declared = (name: string) => this.#declaredBy(s, pointer, name)): { union: SchemaNode; empty: boolean } {
    // Variants that only list `required` (`anyOf: [{ required: [file_ids] }, { required: [files] }]`: one of them
    // must be there) require the properties the schema declares; each alone would be `unknown`, and the rule lost.
    const onlyRequired = list.length > 0 && list.every(requiredOnly);
    let variants = list.map((v, i) => (onlyRequired ? withRequiredOnly({ kind: 'unknown', pointer: `${pointer}/${source}/${i}` }, v as Raw, `${pointer}/${source}/${i}`, declared) : this.normalize(v, `${pointer}/${source}/${i}`)));
    let nullable = meta.nullable === true;
    if (variants.some((v) => v.kind === 'null')) {
      nullable = true;
      variants = variants.filter((v) => v.kind !== 'null');
    }
    if (variants.length === 0) return { union: { ...meta, kind: nullable ? 'null' : 'unknown' }, empty: true };
    const flag = nullable ? { nullable: true } : {};
    if (variants.length === 1 && variants[0]) return { union: { ...variants[0], ...flag }, empty: false };
    return { union: { ...meta, kind: 'union', source, variants, ...flag, ...discriminatorOf(this.#doc, s, list, variants) }, empty: false };
  }

  /** The schema a schema declares for property `name`: its own `properties`', else its `allOf` members' (see {@link #memberProperty}). */
  #declaredBy(s: Raw, pointer: string, name: string): SchemaNode | undefined {
    const props = this.#propertiesMap(s['properties']);
    if (Object.hasOwn(props, name)) return this.normalize(props[name], `${pointer}/properties/${escapePointerToken(name)}`);
    return Array.isArray(s['allOf']) ? this.#memberProperty(s['allOf'] as unknown[], `${pointer}/allOf`, name) : undefined;
  }

  /**
   * The schema the last of `allOf`'s members that declares property `name` gives it, following `$ref`s and
   * nested `allOf`s (the later member wins, as in `objectProperties`), normalized at the property's own pointer.
   * @param members the raw `allOf` members
   * @param at their JSON pointer
   * @param name the property name
   * @returns the property's schema, or undefined when no member declares it
   */
  #memberProperty(members: unknown[], at: string, name: string, depth = 0): SchemaNode | undefined {
    for (let i = members.length - 1; i >= 0 && depth < 8; i--) {
      let raw = members[i];
      let pointer = `${at}/${i}`;
      for (let hops = 0; raw && typeof raw === 'object' && typeof (raw as Raw)['$ref'] === 'string' && hops < 8; hops++) {
        pointer = (raw as Raw)['$ref'] as string;
        raw = resolvePointer(this.#doc, pointer);
      }
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) continue;
      const props = this.#propertiesMap((raw as Raw)['properties']);
      if (Object.hasOwn(props, name)) return this.normalize(props[name], `${pointer}/properties/${escapePointerToken(name)}`);
      const nested = (raw as Raw)['allOf'];
      const found = Array.isArray(nested) ? this.#memberProperty(nested, `${pointer}/allOf`, name, depth + 1) : undefined;
      if (found) return found;
    }
    return undefined;
  }

  /**
   * The `properties` map of a schema. Some contracts write the whole map as a `$ref`
   * (`properties: { $ref: 'attributes.yml#/droplet_ids' }`): the reference is followed and its target's
   * entries are the properties (a property really named `$ref` would be read the same way).
   */
  #propertiesMap(value: unknown): Raw {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const map = value as Raw;
    if (typeof map['$ref'] !== 'string') return map;
    const target = resolvePointer(this.#doc, map['$ref']);
    const rest = Object.fromEntries(Object.entries(map).filter(([k]) => k !== '$ref'));
    return target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Raw), ...rest } : rest;
  }

  #ref(ref: string, meta: SchemaMeta, pointer: string): SchemaNode {
    const extra = pick(meta);
    if (ref.startsWith(COMPONENT_PREFIX) && !ref.slice(COMPONENT_PREFIX.length).includes('/')) {
      const key = decodeToken(ref.slice(COMPONENT_PREFIX.length));
      if (this.#named.has(key)) return { ...extra, pointer, kind: 'ref', target: key };
    }
    const hoisted = this.#hoisted.get(ref);
    if (hoisted) return { ...extra, pointer, kind: 'ref', target: hoisted };
    const target = resolvePointer(this.#doc, ref);
    if (target === undefined) {
      this.#diagnostics.add({
        code: 'RSL_REF_UNRESOLVED',
        severity: 'error',
        message: `$ref "${ref}" does not resolve`,
        location: pointer,
        hint: 'Point the $ref at an existing schema.',
      });
      return { ...extra, pointer, kind: 'unknown' };
    }
    if (this.#inlining.has(ref)) {
      // A cycle through a schema that is not a component: hoist it under a name so it can recurse.
      const last = ref.split('/').filter((t) => t !== '' && t !== '#' && !/^\d+$/.test(t)).slice(-2).join(' ');
      const name = this.#names.take(safeTypeName(decodeToken(last)));
      this.#hoisted.set(ref, name);
      const entry: NamedSchema = { kind: 'named-schema', name, typeName: name, schema: { kind: 'unknown', pointer: ref }, pointer: ref };
      this.#named.set(name, entry);
      return { ...extra, pointer, kind: 'ref', target: name };
    }
    this.#inlining.add(ref);
    let node: SchemaNode;
    try {
      node = this.normalize(target, ref);
    } finally {
      this.#inlining.delete(ref);
    }
    const hoistedNow = this.#hoisted.get(ref);
    if (hoistedNow) {
      const entry = this.#named.get(hoistedNow);
      if (entry) entry.schema = node;
      return { ...extra, pointer, kind: 'ref', target: hoistedNow };
    }
    return { ...node, ...extra };
  }

  /**
   * The schema's `if`/`then`/`else` (see {@link ConditionalNode}), or undefined without an `if` object or without
   * both `then` and `else`. A `then`/`else` that lists `required` names only becomes an object requiring them.
   */
  #conditional(s: Raw, pointer: string): ConditionalNode | undefined {
    const test = s['if'];
    if (!test || typeof test !== 'object' || Array.isArray(test) || (s['then'] === undefined && s['else'] === undefined)) return undefined;
    const out: ConditionalNode = { if: this.normalize(test, `${pointer}/if`) };
    for (const key of ['then', 'else'] as const) {
      const raw = s[key];
      if (raw === undefined) continue;
      const branch = this.normalize(raw, `${pointer}/${key}`);
      out[key] = raw && typeof raw === 'object' ? withRequiredOnly(branch, raw as Raw, `${pointer}/${key}`) : branch;
    }
    return out;
  }

  #meta(s: Raw, pointer: string): SchemaMeta {
    const meta: SchemaMeta = { pointer };
    if (typeof s['title'] === 'string') meta.title = s['title'];
    if (typeof s['description'] === 'string') meta.description = s['description'];
    if (s['nullable'] === true) meta.nullable = true;
    if (s['readOnly'] === true) meta.readOnly = true;
    if (s['writeOnly'] === true) meta.writeOnly = true;
    if (s['deprecated'] === true) meta.deprecated = true;
    if (s['default'] !== undefined) meta.default = s['default'];
    if (s['example'] !== undefined) meta.example = s['example'];
    else if (Array.isArray(s['examples']) && s['examples'].length > 0) meta.example = s['examples'][0];
    return meta;
  }

  /** The schema's own type keywords (`type`, `properties`, `items`, `enum`, `const`), composition aside (see `schemaKeywords.ts`). */
  #typed(s: Raw, meta: SchemaMeta, pointer: string): SchemaNode {
    const read = typeKeywords(s, meta);
    if ('kind' in read) return read;
    const { types, values } = read;
    meta = read.meta;
    if (types.length > 1) {
      const { nullable, ...rest } = meta;
      const variants = types.map((type) => this.#typed({ ...s, type }, { pointer }, pointer));
      return { ...rest, ...(nullable ? { nullable } : {}), kind: 'union', source: 'type', variants };
    }
    const normalize: Normalize = (raw, at) => this.normalize(raw, at);
    const type = types[0];
    if (type === 'string') return stringNode(s, meta, values);
    if (type === 'number' || type === 'integer') return numberNode(s, meta, values, type === 'integer');
    if (type === 'boolean') return booleanNode(meta, values);
    if (type === 'array') return arrayNode(s, meta, pointer, normalize);
    if (type === 'null') return { ...meta, kind: 'null' };
    if (type === 'object') {
      const node = objectNode(s, meta, pointer, this.#propertiesMap(s['properties']), normalize);
      const conditional = this.#conditional(s, pointer);
      return conditional ? { ...node, conditional } : node;
    }
    this.#diagnostics.add({
      code: 'RSL_SCHEMA_UNSUPPORTED',
      severity: 'warning',
      message: `unknown schema type "${String(type)}" is typed as unknown`,
      location: pointer,
      hint: 'Use one of string, number, integer, boolean, array, object, null.',
    });
    return { ...meta, kind: 'unknown' };
  }
}

/** Keywords a schema that only lists `required` may carry beside it (annotations, `x-` extensions). */
const ANNOTATIONS: ReadonlySet<string> = new Set(['required', 'title', 'description', '$comment']);

/** True for a schema object whose only constraint is `required` (`{ required: [total] }`, an `allOf` member). */
function requiredOnly(m: unknown): m is Raw {
  if (!m || typeof m !== 'object' || Array.isArray(m) || !Array.isArray((m as Raw)['required'])) return false;
  return Object.keys(m).every((k) => ANNOTATIONS.has(k) || k.startsWith('x-'));
}

/** For a schema that is only a `oneOf`/`anyOf` of schemas that only list `required` (and annotations), which keyword holds them. */
function requiredChoice(m: unknown): 'oneOf' | 'anyOf' | undefined {
  if (!m || typeof m !== 'object' || Array.isArray(m)) return undefined;
  const key = Array.isArray((m as Raw)['anyOf']) ? 'anyOf' : Array.isArray((m as Raw)['oneOf']) ? 'oneOf' : undefined;
  const list = key ? ((m as Raw)[key] as unknown[]) : [];
  return key && list.length > 0 && list.every(requiredOnly) && Object.keys(m).every((k) => k === key || (k !== 'required' && ANNOTATIONS.has(k)) || k.startsWith('x-')) ? key : undefined;
}
