/**
 * A `LIKE ... ESCAPE '\'` pattern matching `text` anywhere, with LIKE's own wildcards in `text`
 * taken literally (a search for `50%` finds that text, not everything starting with 50).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}
