import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { escapePointerToken, resolvePointer } from './loadContract.js';

/**
 * The deepest a document may nest: objects and arrays inside each other, each internal `$ref` followed counting
 * as one more level (a `$ref` back into a schema already on the way ends the way). The walks over the document
 * and its schemas recurse, and they stay well inside the stack below this depth (they overflowed near 2,000).
 * Real contracts stay far below: the deepest of the APIs.guru directory's 2,639 reach 34 levels without
 * following `$ref`s and 191 with (Stripe).
 */
export const MAX_DEPTH = 512;

/**
 * The fewest objects and arrays a document may hold with its YAML aliases expanded: the limit is this or the
 * document's length in characters, whichever is larger. A document without aliases never reaches it (each object
 * or array takes at least two characters); an alias bomb (`&a [*b, *b, …]` over a few levels) reaches it in
 * milliseconds, where every walk over the expanded document would take hours.
 */
export const MIN_EXPANDED_VALUES = 2_000_000;

/**
 * Checks that a parsed document stays inside the limits the rest of the run relies on: nesting (see
 * {@link MAX_DEPTH}), with and without following its internal `$ref`s, and the number of objects and arrays once
 * YAML aliases are expanded (see {@link MIN_EXPANDED_VALUES}). Iterative: any depth is measured without recursion.
 * @param document the parsed document
 * @param file the file it came from, for messages
 * @param textLength the length of its text in characters
 * @returns what the same walk saw, so that no other walk is needed: whether the document holds a `$ref` to another
 *   file or a URL (one that does not start with `#`: the loader bundles), and the number of keys of its objects (the
 *   JSON parser's duplicate-key check, see `parseContractText`)
 * @throws GeneratorError `RSL_INPUT_TOO_DEEP` naming the JSON pointer where the limit is crossed (and the `$ref`
 *   the too-deep way starts from); `RSL_INPUT_TOO_LARGE` when the expanded document is too large
 */
export function checkDocumentLimits(document: unknown, file: string, textLength: number): { externalRef: boolean; keys: number } {
  if (document === null || typeof document !== 'object') return { externalRef: false, keys: 0 };
  const budget = Math.max(MIN_EXPANDED_VALUES, textLength);
  const root = walk(document, budget, file, document);
  const seen = { externalRef: root.external, keys: root.keys };
  if (root.refs.length === 0) return seen;
  let work = 0;
  const locals = new Map<string, Walked>();
  const local = (ref: string): Walked => {
    let found = locals.get(ref);
    if (!found) {
      const target = resolvePointer(document, ref);
      found = target !== null && typeof target === 'object' ? walk(target, budget, file, document) : { max: 0, refs: [], visited: 0, external: false, keys: 0 };
      work += found.visited;
      if (work > 4 * budget) throw tooLarge(file, document, target, `the document's $refs lead through more than ${4 * budget} objects and arrays`);
      locals.set(ref, found);
    }
    return found;
  };
  const depths = throughRefDepths(local);
  // The `$ref` the deepest way starts from (the head of a chain, not a link in its middle).
  let deepest: { total: number; ref: string; holder: object } | undefined;
  for (const { depth, ref, holder } of root.refs) {
    const total = depth + 1 + depths(ref);
    if (total >= MAX_DEPTH && (!deepest || total > deepest.total)) deepest = { total, ref, holder };
  }
  if (deepest) {
    const at = pointerTo(document, deepest.holder) ?? '#';
    throw new GeneratorError('RSL_INPUT_TOO_DEEP', `${file}: ${shortPointer(at)} nests deeper than ${MAX_DEPTH} levels through its $ref "${deepest.ref}" and the $refs it leads to`, {
      file,
      location: at,
      hint: `Schemas may nest at most ${MAX_DEPTH} levels, counting each $ref followed; look for a chain of $refs (A refers to B, B to C, …) that never ends.`,
    });
  }
  return seen;
}

/** A pointer as a message shows it: its first and last parts when it is long (the error's `location` holds all of it). */
function shortPointer(pointer: string): string {
  return pointer.length <= 160 ? pointer : `${pointer.slice(0, 80)}…${pointer.slice(-60)}`;
}

/**
 * What a walk of one subtree found: its depth, its internal `$ref`s with their depth, how many nodes it visited,
 * whether it holds an external `$ref`, and the number of keys of its objects.
 */
interface Walked {
  max: number;
  refs: Array<{ depth: number; ref: string; holder: object }>;
  visited: number;
  external: boolean;
  keys: number;
}

/**
 * Walks one subtree without following `$ref`s (two parallel stacks: no allocation per node).
 * @throws GeneratorError past {@link MAX_DEPTH} or the budget, naming the pointer inside `document`
 */
function walk(start: object, budget: number, file: string, document: object): Walked {
  const refs: Walked['refs'] = [];
  const nodes: object[] = [start];
  const depths: number[] = [0];
  let max = 0;
  let visited = 0;
  let external = false;
  let keys = 0;
  while (nodes.length > 0) {
    const node = nodes.pop() as object;
    const depth = depths.pop() as number;
    if (depth > max) max = depth;
    if (depth >= MAX_DEPTH) throw tooDeep(file, document, node);
    if (++visited > budget) throw tooLarge(file, document, node, `the document holds more than ${budget} objects and arrays once its YAML aliases are expanded`);
    if (Array.isArray(node)) {
      for (const item of node) {
        if (item !== null && typeof item === 'object') {
          nodes.push(item);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const key in record) {
      keys++;
      const value = record[key];
      if (value !== null && typeof value === 'object') {
        nodes.push(value);
        depths.push(depth + 1);
      } else if (key === '$ref' && typeof value === 'string') {
        if (value.startsWith('#')) refs.push({ depth, ref: value, holder: node });
        else external = true;
      }
    }
  }
  return { max, refs, visited, external, keys };
}

/**
 * The depth of each `$ref` target counting the `$ref`s it leads to: memoized, by an iterative depth-first walk
 * in which a `$ref` back into a target still on the way counts nothing (it closes a cycle).
 * @param local the walk of one target
 * @returns the depth of a target
 */
function throughRefDepths(local: (ref: string) => Walked): (ref: string) => number {
  const memo = new Map<string, number>();
  return (start) => {
    const known = memo.get(start);
    if (known !== undefined) return known;
    const onWay = new Set<string>([start]);
    const stack: Array<{ ref: string; next: number }> = [{ ref: start, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { ref: string; next: number };
      const { max, refs } = local(top.ref);
      const inner = refs[top.next];
      if (inner) {
        top.next++;
        if (!memo.has(inner.ref) && !onWay.has(inner.ref)) {
          onWay.add(inner.ref);
          stack.push({ ref: inner.ref, next: 0 });
        }
        continue;
      }
      let depth = max;
      for (const r of refs) depth = Math.max(depth, r.depth + 1 + (memo.get(r.ref) ?? 0));
      memo.set(top.ref, depth);
      onWay.delete(top.ref);
      stack.pop();
    }
    return memo.get(start) ?? 0;
  };
}

function tooDeep(file: string, document: object, node: object): GeneratorError {
  const at = pointerTo(document, node) ?? '#';
  return new GeneratorError('RSL_INPUT_TOO_DEEP', `${file}: ${shortPointer(at)} nests deeper than ${MAX_DEPTH} levels of objects and arrays`, {
    file,
    location: at,
    hint: `A document may nest at most ${MAX_DEPTH} levels; real contracts stay far below, so look for a generated or hostile part.`,
  });
}

function tooLarge(file: string, document: unknown, node: unknown, what: string): GeneratorError {
  const at = (document !== null && typeof document === 'object' && node !== null && typeof node === 'object' ? pointerTo(document, node) : undefined) ?? '#';
  return new GeneratorError('RSL_INPUT_TOO_LARGE', `${file}: ${what} (at ${shortPointer(at)})`, {
    file,
    location: at,
    hint: 'Each YAML alias (*name) stands for a whole copy of its anchor (&name) for every tool that reads the contract; nest aliases less.',
  });
}

/**
 * The JSON pointer of a node inside a document, by an iterative walk that visits each object once.
 * @returns the pointer (`#/a/b`), or undefined when the node is not found within {@link MIN_EXPANDED_VALUES} nodes
 */
function pointerTo(document: object, target: object): string | undefined {
  const seen = new Set<object>();
  const parents = new Map<object, [object, string]>();
  const stack: object[] = [document];
  while (stack.length > 0 && seen.size < MIN_EXPANDED_VALUES) {
    const node = stack.pop() as object;
    if (node === target) {
      const tokens: string[] = [];
      for (let at = parents.get(node); at; at = parents.get(at[0])) tokens.push(escapePointerToken(at[1]));
      return tokens.length === 0 ? '#' : `#/${tokens.reverse().join('/')}`;
    }
    if (seen.has(node)) continue;
    seen.add(node);
    for (const [key, value] of Object.entries(node)) {
      if (value !== null && typeof value === 'object' && !seen.has(value as object)) {
        if (!parents.has(value as object)) parents.set(value as object, [node, key]);
        stack.push(value as object);
      }
    }
  }
  return undefined;
}
