/*
| CSV as RFC 4180 writes it (comma-separated, CRLF line ends, quotes doubled), with OWASP's guard
| against CSV injection: every text cell is quoted, so a `,` or a `;` (the separator of many
| locales' spreadsheets) inside it can never start a new cell, and a text cell that starts with
| `=`, `+`, `-`, `@`, a tab or a CR (or their full-width forms, which some spreadsheets also read as
| formulas) is written with a leading `'`, so it is shown as text rather than run as a formula.
| Numbers are written as they are, unquoted: they carry no formula.
*/

/** One cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/

/** A cell as CSV text. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  const guarded = FORMULA_START.test(value) ? `'${value}` : value
  return `"${guarded.replace(/"/g, '""')}"`
}

/** One line of cells, ending in CRLF. */
export function csvLine(cells: CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}
