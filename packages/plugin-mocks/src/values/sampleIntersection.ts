import type { ArraySchema, IntersectionSchema, ObjectSchema, SchemaNode } from '@reslayer/core';
import { deref } from '@reslayer/core';
import { conforms, isObject, mayValidate } from './conforms.js';
import { built, HARD_DEPTH, IMPOSSIBLE, sample, setOwn, withHint, type Ctx, type Slot } from './sampleSchema.js';

/**
 * Forgets the origin of a value and of everything in it (it stands where its schema's type alone does not fit).
 * @param ctx the call's state
 * @param value the value
 * @param depth nesting (the walk stops below `2 × HARD_DEPTH`)
 */
function disown(ctx: Ctx, value: unknown, depth = 0): void {
  if (!ctx.o.origins || value === null || typeof value !== 'object' || depth > HARD_DEPTH * 2) return;
  ctx.o.origins.delete(value);
  for (const v of Object.values(value)) disown(ctx, v, depth + 1);
}

/**
 * The schemas an object member (through `$ref`s and nested `allOf`) gives a property: its own, or (unless `ownOnly`)
 * its typed map's.
 */
function propertySchemas(n: SchemaNode | undefined, k: string, ctx: Ctx, depth: number, ownOnly = false): SchemaNode[] {
  if (!n || depth > HARD_DEPTH) return [];
  if (n.kind === 'intersection') return n.members.flatMap((m) => propertySchemas(deref(m, ctx.names.byName), k, ctx, depth + 1, ownOnly));
  if (n.kind !== 'object') return [];
  const own = n.properties.find((p) => p.name === k);
  if (own) return [own.schema];
  return typeof n.additionalProperties === 'object' && !ownOnly ? [n.additionalProperties] : [];
}

/**
 * A sample of an `allOf`: its members' samples merged, a property several members declare taken from a value every
 * one of them accepts.
 * @param node the intersection
 * @param ctx the call's state
 * @param slot where the value goes
 * @param found the examples to try
 * @returns the value, or {@link IMPOSSIBLE} when it has none
 */
export function sampleIntersection(node: IntersectionSchema, ctx: Ctx, slot: Slot, found: readonly unknown[]): unknown {
  const members = node.members.filter((m) => m.kind !== 'unknown' && !ctx.names.cut.has(m));
  if (members.length === 0) return found[0] ?? null;
  const parts: Part[] = members.map((m) => ({ n: deref(m, ctx.names.byName), value: sample(m, ctx, { ...withHint(slot, found[0]), optional: false }) }));
  if (parts.some((p) => p.value === IMPOSSIBLE)) return IMPOSSIBLE;
  const objects = parts.filter((p) => isObject(p.value));
  // The client types the value as the intersection: a constant typed as one member's schema may not fit it.
  if (objects.length === 0) {
    // A value every member accepts; arrays that share none: an array of their items' intersection (maybe empty).
    const fit = ctx.lenient ? parts[0] : parts.find((p) => members.every((m) => mayValidate(p.value, m, ctx)));
    const arrays = parts.flatMap((p) => (p.n?.kind === 'array' ? [p.n] : []));
    if (!fit && arrays[0] && arrays.length === parts.length) return sample(arrayOfAll([arrays[0], ...arrays.slice(1)]), ctx, slot);
    if (!fit) return IMPOSSIBLE;
    disown(ctx, fit.value);
    return fit.value ?? null;
  }
  // Maps first, so declared properties win over map entries sampled from the same example.
  const isMap = (p: (typeof parts)[number]) => p.n?.kind === 'object' && p.n.properties.length === 0;
  const out: Record<string, unknown> = built(ctx, {});
  for (const p of [...objects.filter(isMap), ...objects.filter((p) => !isMap(p))]) for (const [k, v] of Object.entries(p.value as object)) setOwn(out, k, v);
  // A member's declared property wins over the same key another member copied from the example as an extra key
  // (`additionalProperties: true` keeps an example's unknown keys as they are): the declared one is completed
  // (its missing required properties sampled), the copy is the example's value unchecked.
  for (const p of objects) for (const x of p.n?.kind === 'object' ? p.n.properties : []) if (Object.hasOwn(p.value as object, x.name)) setOwn(out, x.name, (p.value as Record<string, unknown>)[x.name]);
  // A map member's copy of an example key that a member declares but left out (optional, or `requiredOnly`): the
  // example's value unchecked, kept only where the declared schemas accept it.
  for (const k of Object.keys(out)) {
    const declaring = objects.filter((p) => p.n?.kind === 'object' && p.n.properties.some((x) => x.name === k));
    if (declaring.length === 0 || declaring.some((p) => Object.hasOwn(p.value as object, k))) continue;
    if (!declaring.every((p) => propertySchemas(p.n, k, ctx, 0).every((s) => mayValidate(out[k], s, ctx)))) delete out[k];
  }
  const required = new Set(parts.flatMap((p) => (p.n?.kind === 'object' ? p.n.properties.filter((x) => x.required).map((x) => x.name) : [])));
  if (!settleShared(node, parts, out, required, ctx, slot)) return IMPOSSIBLE;
  // A typed map (`Record<string, T>`) constrains every key of the intersection.
  for (const p of objects) {
    const ap = p.n?.kind === 'object' && p.n.properties.length === 0 ? p.n.additionalProperties : undefined;
    if (typeof ap !== 'object' || ctx.lenient) continue;
    for (const k of Object.keys(out)) {
      if (conforms(out[k], ap, ctx)) continue;
      if (required.has(k)) return IMPOSSIBLE;
      delete out[k];
    }
  }
  return out;
}

/** One member of an intersection: its schema (dereferenced) and its sample. */
interface Part {
  n: SchemaNode | undefined;
  value: unknown;
}

/**
 * The object schemas the members declare for property `k` when the client prints each as a closed object type
 * (properties, no `additionalProperties`): TypeScript types the key as their intersection alone (a typed map's
 * index signature does not take part), so an object literal there may carry only keys one of them declares (the
 * excess property check). Empty when any declared schema is open.
 */
function closedObjects(parts: readonly Part[], k: string, ctx: Ctx): ObjectSchema[] {
  const own = parts.flatMap((p) => propertySchemas(p.n, k, ctx, 0, true)).map((s) => deref(s, ctx.names.byName));
  const closed = own.flatMap((d) => (d?.kind === 'object' && d.properties.length > 0 && d.additionalProperties === undefined ? [d] : []));
  return closed.length === own.length ? closed : [];
}

/**
 * Settles every key more than one member declares: it gets a value every declaring schema accepts, with no key a
 * closed declaring object type lacks (a typed map's sample under a key another member declares keeps only the
 * keys that member's type has). An optional key without such a value is left out.
 * @param node the intersection
 * @param parts the members and their samples
 * @param out the merged value, changed in place
 * @param required the keys some member requires
 * @param ctx the call's state
 * @param slot where the intersection's value goes
 * @returns false when a required key has no such value (the whole value is impossible)
 */
function settleShared(node: IntersectionSchema, parts: readonly Part[], out: Record<string, unknown>, required: ReadonlySet<string>, ctx: Ctx, slot: Slot): boolean {
  const declares = (p: Part, k: string) => (p.n?.kind === 'object' ? p.n.properties.some((x) => x.name === k) || p.n.additionalProperties !== undefined : isObject(p.value) && Object.hasOwn(p.value, k));
  for (const k of Object.keys(out)) {
    if (parts.filter((p) => declares(p, k)).length < 2) continue;
    disown(ctx, out[k]);
    // The last member's value may break another member's schema for the property: `type: string` sampled
    // `'type-1'` where another member pins `type: 'CANVAS'` (`const` or a one-value `enum`), or a `const: false`
    // over a `boolean`. Take a member's value that every declaring member accepts, else the merge of their objects.
    const schemas = parts.flatMap((p) => propertySchemas(p.n, k, ctx, 0));
    const closed = closedObjects(parts, k, ctx);
    const trim = (v: unknown): unknown => {
      if (!isObject(v) || closed.length === 0) return v;
      const kept = Object.entries(v).filter(([key]) => closed.some((c) => c.properties.some((x) => x.name === key)));
      return kept.length === Object.keys(v).length ? v : built(ctx, Object.fromEntries(kept));
    };
    const accepted = (v: unknown) => schemas.every((s) => mayValidate(v, s, ctx));
    const current = trim(out[k]);
    if (schemas.length < 2 || accepted(current)) {
      setOwn(out, k, current);
      continue;
    }
    const values = parts.flatMap((p) => (isObject(p.value) && Object.hasOwn(p.value, k) ? [trim(p.value[k])] : []));
    let pick = values.find(accepted);
    if (pick === undefined && values.length > 1 && values.every(isObject)) {
      const merged = trim(built(ctx, Object.assign({}, ...(values as object[])) as Record<string, unknown>));
      if (accepted(merged)) pick = merged;
    }
    // The pinning member left the (optional) property out: a sample of its schema.
    for (const s of pick === undefined ? schemas : []) {
      const v = trim(sample(s, ctx, { name: k, index: slot.index, position: 0, depth: slot.depth + 1 }));
      if (v !== IMPOSSIBLE && v !== undefined && accepted(v)) {
        pick = v;
        break;
      }
    }
    // Else a sample of the schemas together: none (disjoint enums) leaves an optional property out, and a required
    // one makes the whole value impossible; an array of such items is empty.
    if (pick === undefined && !ctx.lenient) {
      const v = trim(sample({ kind: 'intersection', pointer: `${node.pointer}/allOf`, members: schemas }, ctx, { name: k, index: slot.index, position: 0, depth: slot.depth + 1 }));
      if (v !== IMPOSSIBLE && v !== undefined && accepted(v)) pick = v;
      else if (required.has(k)) return false;
      else delete out[k];
    }
    if (pick !== undefined) setOwn(out, k, pick);
  }
  return true;
}

/** The array schema every one of `arrays` accepts: items of all their item schemas, the tightest counts. */
function arrayOfAll(arrays: readonly [ArraySchema, ...ArraySchema[]]): ArraySchema {
  const { pointer } = arrays[0];
  const node: ArraySchema = { kind: 'array', pointer, items: { kind: 'intersection', pointer: `${pointer}/items`, members: arrays.map((a) => a.items) } };
  const min = Math.max(...arrays.map((a) => a.minItems ?? 0));
  const max = Math.min(...arrays.map((a) => a.maxItems ?? Infinity));
  if (min > 0) node.minItems = min;
  if (max < Infinity) node.maxItems = max;
  if (arrays.some((a) => a.uniqueItems)) node.uniqueItems = true;
  return node;
}
