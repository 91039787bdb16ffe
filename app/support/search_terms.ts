/*
| A shopper's search text turned into full-text queries. The text is never handed to the
| database's query syntax: it is cut into words (runs of Unicode letters and digits, with the
| combining marks that belong to them), and each word becomes a quoted literal term. Quotes, `*`,
| `-`, `:`, parentheses, NEAR, AND, OR and the like are punctuation or ordinary words here.
| docs/api/catalog.md, "Search", says what matches.
*/

/** A word: a letter or digit, then letters, digits and combining marks. */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu

/**
 * The distinct words of `text`, in order, lower-cased. Compatibility forms are folded first
 * (NFKC: fullwidth "ｍｕｇ" is "mug", "ﬁ" is "fi"); accents are left to the databases, which fold
 * them in the text and in the query alike. Empty when the text holds no letter or digit.
 */
export function searchTerms(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(WORD) ?? []
  return [...new Set(words)]
}

/**
 * An FTS5 MATCH expression: every term a double-quoted string (a `"` inside doubled, though a
 * term has none), all required, the last one also matching as a prefix (search as you type).
 */
export function fts5Query(terms: string[]): string {
  return terms
    .map((term, index) => {
      const quoted = `"${term.replaceAll('"', '""')}"`
      return index === terms.length - 1 ? `${quoted}*` : quoted
    })
    .join(' ')
}

/**
 * A `to_tsquery` input: every term a quoted lexeme (a `'` or `\` inside escaped, though a term has
 * none), joined by `&`, the last one with `:*` for a prefix match. Not `websearch_to_tsquery`,
 * which gives `-`, `or` and quotes a meaning, nor `plainto_tsquery`, which has no prefix match.
 */
export function tsQuery(terms: string[]): string {
  return terms
    .map((term, index) => {
      const quoted = `'${term.replace(/['\\]/g, (character) => `\\${character}`)}'`
      return index === terms.length - 1 ? `${quoted}:*` : quoted
    })
    .join(' & ')
}
