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
