/**
 * Everything reachable from `start` by following `next` (itself included): the closure of a graph given as
 * adjacency lists, e.g. "every schema that references a differing one", or "every file that imports a changed one"
 * with the edges reversed. Iterative (no recursion depth limit); cycles are fine.
 * @param start the nodes to start from
 * @param next the nodes one edge away from a node (none when the map has no entry)
 * @returns the reached nodes, `start` included, in the order they were reached
 */
export function reachable<T>(start: Iterable<T>, next: ReadonlyMap<T, Iterable<T>>): Set<T> {
  const reached = new Set(start);
  const queue = [...reached];
  for (let node = queue.pop(); node !== undefined; node = queue.pop()) {
    for (const to of next.get(node) ?? []) {
      if (reached.has(to)) continue;
      reached.add(to);
      queue.push(to);
    }
  }
  return reached;
}
