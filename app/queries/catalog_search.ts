import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type Product from '#models/product'
import { fts5Query, tsQuery } from '#support/search_terms'

type ProductQuery = ModelQueryBuilderContract<typeof Product>

/*
| The catalog's filters and full-text match, each in one place. `product_search` is one row per
| product, kept in step by triggers (database/migrations/1763801400001_product_search.ts): an
| FTS5 table on SQLite, a tsvector under a GIN index on PostgreSQL.
*/

/** The text search configuration of the PostgreSQL documents (the migration says why). */
const CONFIGURATION = 'product_search_text'

/**
 * How much a match in each part weighs. PostgreSQL's weights are `{D, C, B, A}`: the name is A,
 * the description B. FTS5's bm25 takes one per column: `product_id`, name, description.
 */
const PG_WEIGHTS = '{0, 0, 0.1, 1}'
const FTS5_WEIGHTS = '0, 10, 1'

const isPostgres = (query: ProductQuery) => query.client.dialect.name === 'postgres'

/**
 * Keeps the products whose name or description holds every term (the last one also as a prefix),
 * joining their `product_search` row; `terms` must not be empty (`searchTerms`). Selects nothing:
 * the page's own query selects `products.*`, and its count counts the joined rows, one a product.
 */
export function whereMatches(query: ProductQuery, terms: string[]): void {
  query.join('product_search', 'product_search.product_id', 'products.id')
  if (isPostgres(query)) {
    query.whereRaw(`product_search.document @@ to_tsquery('${CONFIGURATION}', ?)`, [tsQuery(terms)])
  } else {
    query.whereRaw('product_search match ?', [fts5Query(terms)])
  }
}

/** Orders a `whereMatches` query best match first; the caller breaks ties. */
export function orderByRelevance(query: ProductQuery, terms: string[]): void {
  if (isPostgres(query)) {
    query.orderByRaw(
      `ts_rank('${PG_WEIGHTS}', product_search.document, to_tsquery('${CONFIGURATION}', ?)) desc`,
      [tsQuery(terms)]
    )
  } else {
    // bm25 is lower for a better match.
    query.orderByRaw(`bm25(product_search, ${FTS5_WEIGHTS}) asc`)
  }
}

/**
 * Keeps the products in stock (`inStock` true: a variant on sale has a unit) or out of stock
 * (false: none has). The one place the catalog says what "in stock" is.
 */
export function whereInStock(query: ProductQuery, inStock: boolean): void {
  const unitOnSale = query.client
    .from('product_variants')
    .whereColumn('product_variants.product_id', 'products.id')
    .whereNull('product_variants.deleted_at')
    .where('product_variants.is_active', true)
    .where('product_variants.stock', '>', 0)
  if (inStock) query.whereExists(unitOnSale)
  else query.whereNotExists(unitOnSale)
}

/**
 * Keeps the products priced from `minCents` to `maxCents` (either bound optional, inclusive): by
 * the product's price, the lowest of its variants on sale.
 */
export function wherePriceBetween(query: ProductQuery, minCents?: number, maxCents?: number): void {
  if (minCents !== undefined) query.where('products.price_cents', '>=', minCents)
  if (maxCents !== undefined) query.where('products.price_cents', '<=', maxCents)
}
