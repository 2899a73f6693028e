import type { SchemaNode } from '@reslayer/core';
import { type FakedValues, fakeLike, hash } from './fakeString.js';

// Deterministic variation of the scalar values of the second and further samples of a schema (the entities of a
// store, the items of a list), so that fixtures do not repeat the contract's one example: no randomness, the
// value depends only on the base value, the property name, the sample's sequence number and the run's seed.

/** Neutral given names and family names (no real persons), for properties named like them. */
const POOLS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^(first|given|fore)_?name$/i, ['Ada', 'Ben', 'Chloe', 'Dev', 'Elif', 'Femi', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Kemal', 'Lena']],
  [/^(last|family|sur)_?name$/i, ['Example', 'Rivera', 'Okafor', 'Lindqvist', 'Tanaka', 'Moreau', 'Novak', 'Haddad', 'Kowalski', 'Silva', 'Brennan', 'Mehta']],
  [/^(full_?|display_?|user_?)?name$/i, ['Ada Example', 'Ben Rivera', 'Chloe Okafor', 'Dev Lindqvist', 'Elif Tanaka', 'Femi Moreau', 'Greta Novak', 'Hiro Haddad']],
  [/^city$/i, ['Lisbon', 'Oslo', 'Kyoto', 'Lima', 'Accra', 'Quebec', 'Perth', 'Porto', 'Tartu', 'Cork']],
];

/** The `step`-th value after `base` in `values` (from `base`'s position, else from a position seeded by `name`). */
function rotate<T>(values: readonly T[], base: T, step: number, name: string): T | undefined {
  if (values.length < 2) return undefined;
  const at = values.indexOf(base);
  const start = at >= 0 ? at : hash(name) % values.length;
  return values[(start + step) % values.length];
}

/**
 * A varied value for the `index`-th sample (2 and up) of a scalar schema, from the value the first sample has
 * (the contract's example, default or enum value, or a boolean). The caller keeps `base` when the result is
 * undefined or does not satisfy the schema (pattern, format, length, range, `multipleOf`).
 *
 * - enum: the next values in enum order (`lead`, `active`, `inactive`…);
 * - boolean: alternates (`true`, `false`, `true`…);
 * - number: counts up from the example (`42`, `43`…);
 * - string: a property named like a given name, family name, name or city takes names from a neutral list,
 *   starting at the example and seeded by the property name; then faker's value of the same kind
 *   (`fakeLike`: by the property's name, a hex string of the example's length, a URL on its origin, an e-mail
 *   on its domain, words); a value ending in digits counts them up, keeping their width (`+1 555 0101`);
 *   a host name gets the number after its first label (`example2.test`); anything else keeps the example.
 * @param node the scalar schema (after `$ref`s)
 * @param name the property name
 * @param index the sample's 1-based sequence number (no variation for 1)
 * @param base the first sample's value
 * @param seed the run's seed of faker's values (0 or absent: none)
 * @param faked the run's values faker already made (see `FakedValues`)
 * @returns the varied value, or undefined when there is none
 */
export function varyScalar(node: SchemaNode, name: string, index: number, base: unknown, seed?: number, faked?: FakedValues): unknown {
  const step = index - 1;
  if (step < 1 || base === null) return undefined;
  if ((node.kind === 'string' || node.kind === 'number' || node.kind === 'boolean') && node.enum && node.enum.length > 0) return rotate<unknown>(node.enum, base, step, name);
  if (typeof base === 'boolean') return step % 2 === 1 ? !base : base;
  if (typeof base === 'number') return Number.isSafeInteger(base) ? base + step : Number((base + step).toFixed(6));
  if (typeof base !== 'string' || base === '') return undefined;
  const pool = POOLS.find(([re]) => re.test(name))?.[1];
  if (pool) return rotate(pool, base, step, name);
  const fake = fakeLike(name, base, index, seed, faked);
  if (fake !== undefined) return fake;
  const digits = /\d+$/.exec(base)?.[0];
  if (digits !== undefined) return `${base.slice(0, -digits.length)}${String(BigInt(digits) + BigInt(step)).padStart(digits.length, '0')}`;
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(base)) return base.replace('.', `${index}.`);
  return undefined;
}
