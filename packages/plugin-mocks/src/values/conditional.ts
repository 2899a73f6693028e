import type { ObjectSchema, PropertyNode } from '@reslayer/core';
import { isObject, mayValidate, visibleProperties, type CheckScope } from './conforms.js';

/**
 * Keeps an object sample to its schema's `if`/`then`/`else` (JSON Schema 2020-12): when the `if` may hold, the
 * sample must be able to validate against `then`, otherwise against `else`. A sample that breaks the branch gets
 * one absent property at a time (a sample of its own schema), kept when the sample then keeps to the
 * conditional: first the properties the branch names (e.g. `then: { required: [phone] }`), then those the `if`
 * names (a sampled `userStatus: 1` makes `if: { properties: { userStatus: { enum: [10] } } }` false). The
 * required-only sample of `User` is then `{ userStatus: 1 }`, not `{}` (for which the `if` holds and `phone` is
 * required). Without such a property the sample is left as it is (best effort).
 * @param node the object schema
 * @param value its sample (changed in place)
 * @param c the check scope
 * @param sampleProperty a sample of a property's schema; undefined or a symbol (no possible value) when it has none
 * @returns the sample
 * @see https://json-schema.org/draft/2020-12/json-schema-core#name-keywords-for-applying-subsche
 */
export function keepConditional(node: ObjectSchema, value: unknown, c: CheckScope, sampleProperty: (p: PropertyNode) => unknown): unknown {
  const cond = node.conditional;
  if (!cond || !isObject(value)) return value;
  const kept = () => {
    const branch = mayValidate(value, cond.if, c) ? cond.then : cond.else;
    return branch === undefined || mayValidate(value, branch, c);
  };
  if (kept()) return value;
  const named = (n: typeof cond.if | undefined) => (n?.kind === 'object' ? n.properties.map((p) => p.name) : []);
  const names = [...new Set([...named(cond.then), ...named(cond.else), ...named(cond.if)])];
  const props = visibleProperties(node, c);
  for (const name of names) {
    const p = props.find((x) => x.name === name);
    if (!p || Object.hasOwn(value, name)) continue;
    const v = sampleProperty(p);
    if (v === undefined || typeof v === 'symbol') continue;
    Object.defineProperty(value, name, { value: v, enumerable: true, writable: true, configurable: true });
    if (kept()) return value;
    delete value[name];
  }
  return value;
}
