/** Plain-text tables for the ops CLI's output. */

/** Renders rows as an aligned table with a header line; '(none)' when there are no rows. */
export function renderTable(columns: string[], rows: (string | number | null)[][]): string {
  if (rows.length === 0) return '(none)'
  const cells = rows.map((r) => r.map((c) => (c === null || c === undefined ? '-' : String(c))))
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => (r[i] ?? '').length)))
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd()
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n')
}

/** Every row of a paged console listing (`list` answers at most 200 rows a call), page by `next`. */
export async function allRows<R>(
  list: (page: { limit: number; after?: string }) => Promise<{ next: string | null; rows: R[] }>,
): Promise<R[]> {
  const rows: R[] = []
  let after: string | undefined
  for (;;) {
    const page = await list({ limit: 200, after })
    rows.push(...page.rows)
    if (page.next === null || page.rows.length === 0) return rows
    after = page.next
  }
}
