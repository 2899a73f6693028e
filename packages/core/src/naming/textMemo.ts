/** Most results a {@link memoText} memo keeps; past that it starts over (a watch session sees many contracts). */
const MEMO_LIMIT = 200_000;

/**
 * Memoizes a pure function from a string to a string (casing, pluralization): a large contract asks for
 * the same words and names thousands of times. The memo is bounded by {@link MEMO_LIMIT} and holds only
 * strings, never a model.
 * @param fn the function; it must give the same result for the same input
 * @returns the memoized function
 */
export function memoText<T extends string>(fn: (input: string) => T): (input: string) => T {
  const memo = new Map<string, T>();
  return (input) => {
    const hit = memo.get(input);
    if (hit !== undefined) return hit;
    const out = fn(input);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(input, out);
    return out;
  };
}
