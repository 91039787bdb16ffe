import vine from '@vinejs/vine'

/**
 * An id in a request body. UUIDs are case-insensitive, and the ids we store are lower-case:
 * PostgreSQL's uuid type compares them either way, SQLite's text does not, so an id is
 * lower-cased here and both databases find the same row.
 */
export const uuidField = () => vine.string().trim().uuid().toLowerCase()
