/** A plain-text table: a header, a rule, the rows; the first `leftColumns` columns left-aligned, the rest right-aligned. */
export function textTable(header: readonly string[], body: readonly (readonly string[])[], leftColumns = 1): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...body.map((line) => line[column]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column < leftColumns ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...body.map(line)].join("\n");
}
