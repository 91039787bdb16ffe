/*
| Column options shared by the models. SQLite has no boolean type and returns 0/1, so boolean
| columns are read back through Boolean(); PostgreSQL already returns booleans.
*/

/** Options of a boolean column: `@column(booleanColumn)`. */
export const booleanColumn = {
  consume: (value: unknown): boolean => Boolean(value),
}
