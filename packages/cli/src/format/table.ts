/**
 * Lays out rows as an aligned plain-text table: columns padded to their widest cell, two spaces apart,
 * no trailing spaces. Widths are measured on the plain text, so style the cells through `style`.
 * @param headers column titles
 * @param rows cells, one array per row
 * @param style optional styling of a padded cell (`row` is -1 for the header)
 * @returns one string per line, header first
 * @example
 * formatTable(['A', 'B'], [['x', 'yy']]); // ['A  B', 'x  yy']
 */
export function formatTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>, style?: (text: string, row: number, column: number) => string): string[] {
  const widths = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[], row: number) =>
    widths
      .map((w, c) => {
        const cell = cells[c] ?? '';
        const padded = c === widths.length - 1 ? cell : cell.padEnd(w);
        return style ? style(padded, row, c) : padded;
      })
      .join('  ')
      .replace(/\s+$/, '');
  return [line(headers, -1), ...rows.map((r, i) => line(r, i))];
}

/**
 * Cuts a text to at most `width` characters with an ellipsis where it was cut: at the end, or in the `middle`
 * (for names that may differ only at their end).
 * @param text the text
 * @param width the most characters (at least 1)
 * @param where `end` (default) or `middle`
 * @example
 * ellipsis('contactsArchive', 8); // 'contact…'
 * ellipsis('contactsArchive', 8, 'middle'); // 'cont…ive'
 */
export function ellipsis(text: string, width: number, where: 'end' | 'middle' = 'end'): string {
  if (text.length <= width) return text;
  const keep = Math.max(0, width - 1);
  if (where === 'end') return `${text.slice(0, keep)}…`;
  const head = Math.ceil(keep / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}

/**
 * {@link formatTable} within a width: while the table is wider than `maxWidth`, the widest of the `shrinkable`
 * columns loses a character (down to `minWidth`), and the cells of narrowed columns are cut with an ellipsis (in the
 * middle in the first column, which holds names).
 * @param headers column titles
 * @param rows cells, one array per row
 * @param limits `maxWidth` of a line, the `shrinkable` column indexes and their `minWidth`
 * @param style optional styling of a padded cell (`row` is -1 for the header)
 * @returns one string per line, header first, none wider than `maxWidth` unless the fixed columns are
 */
export function formatTableWithin(
  headers: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  limits: { maxWidth: number; shrinkable: readonly number[]; minWidth: number },
  style?: (text: string, row: number, column: number) => string,
): string[] {
  const widths = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const total = () => widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1);
  while (total() > limits.maxWidth) {
    const widest = limits.shrinkable.filter((c) => (widths[c] ?? 0) > limits.minWidth).sort((a, b) => (widths[b] ?? 0) - (widths[a] ?? 0))[0];
    if (widest === undefined) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
  }
  const cut = (cells: readonly string[]) => cells.map((cell, c) => ellipsis(cell, widths[c] ?? cell.length, c === 0 ? 'middle' : 'end'));
  return formatTable(headers.map((h, c) => ellipsis(h, widths[c] ?? h.length)), rows.map(cut), style);
}

/**
 * Wraps text at spaces into lines of at most `width` characters (a longer word stays whole).
 * @param text the text
 * @param width the most characters per line
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
