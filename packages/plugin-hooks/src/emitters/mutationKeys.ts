import { propertyKey } from '@reslayer/core';
import type { KeyRef, MutationPlan } from '../plan/planMutation.js';

/** True when every member of the variables may be left out: the type is then `{ … } | void`, so `mutate()` works. */
const allOptional = (m: MutationPlan): boolean => m.members.every((x) => x.optional);

/** Reads one member of `variables` (`variables.contactId`; `variables?.params` when `variables` may be void). */
export function member(m: MutationPlan, name: string): string {
  return allOptional(m) ? `(variables ? variables.${name} : undefined)` : `variables.${name}`;
}

/** One key expression: `contactsQueryKeys.lists()`, `[...messagesQueryKeys.lists(), variables.threadId] as const`. */
export function keyExpression(m: MutationPlan, k: KeyRef): string {
  if (k.member === 'all') return `${k.keysObject}.all`;
  const args = k.args.map((a) => member(m, a));
  if (k.member === 'details') return args.length === 0 ? `${k.keysObject}.details()` : `[...${k.keysObject}.details(), ${args.join(', ')}] as const`;
  if (k.member === 'detail') return `${k.keysObject}.detail(${args.join(', ')})`;
  return args.length === 0 ? `${k.keysObject}.lists()` : `[...${k.keysObject}.lists(), ${args.join(', ')}] as const`;
}

/** `(variables) => [k1, k2] as const` (its parameter typed by the `CacheEffects<V>` it satisfies), `_variables` when no key reads it. */
export function keysFunction(m: MutationPlan, keys: KeyRef[]): string {
  const reads = keys.some((k) => k.args.length > 0);
  return `(${reads ? 'variables' : '_variables'}) => [${keys.map((k) => keyExpression(m, k)).join(', ')}] as const`;
}

/** The variables type: `void`, or one object with a member per client argument (`| void` when all are optional). */
export function variablesType(m: MutationPlan): string {
  if (m.members.length === 0) return 'void';
  const object = `{ ${m.members.map((x) => `${propertyKey(x.name)}${x.optional ? '?' : ''}: ${x.type}`).join('; ')} }`;
  return allOptional(m) ? `${object} | void` : object;
}

