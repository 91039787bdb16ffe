/*
| Column options shared by the models. SQLite has no boolean type and returns 0/1, so boolean
| columns are read back through Boolean(); PostgreSQL already returns booleans.
*/

/** Options of a boolean column: `@column(booleanColumn)`. */
export const booleanColumn = {
  consume: (value: unknown): boolean => Boolean(value),
}

/**
 * Options of an amount in integer cents kept in a bigint column: `@column(centsColumn)`.
 * PostgreSQL returns bigint columns as strings; every amount fits a double exactly.
 */
export const centsColumn = {
  consume: (value: unknown): number => Number(value),
}
