/**
 * Levenshtein edit distance (insertions, deletions, substitutions) between two strings.
 * @example
 * editDistance('confg', 'config'); // 1
 */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/**
 * The candidates closest to `word`, for a "did you mean" message: those within a third of the word's
 * length (at least 2) edits, nearest first, or that start with it.
 * @param word what was typed
 * @param candidates the valid names
 * @param limit most suggestions to return
 */
export function closestMatches(word: string, candidates: readonly string[], limit = 1): string[] {
  const w = word.toLowerCase();
  const max = Math.max(2, Math.floor(w.length / 3));
  return candidates
    .map((c) => ({ c, d: editDistance(w, c.toLowerCase()), prefix: w.length >= 3 && c.toLowerCase().startsWith(w) }))
    .filter((x) => x.d <= max || x.prefix)
    .sort((x, y) => x.d - y.d || (x.c < y.c ? -1 : 1))
    .slice(0, limit)
    .map((x) => x.c);
}
