/*
| CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field quoted when it holds a comma,
| quote, CR or LF, its quotes doubled), plus the guard spreadsheets need: a text cell that starts
| with `=`, `+`, `-`, `@`, a tab or a CR would be run as a formula when the file is opened, so it
| is written with a leading `'` (OWASP's "CSV injection" advice). Numbers are written as they
| are: they carry no formula.
*/

/** One cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** A cell as CSV text. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  const guarded = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded
}

/** One line of cells, ending in CRLF. */
export function csvLine(cells: CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}
