import db from '@adonisjs/lucid/services/db'
import { containsPattern } from '#support/sql_like'
import { normalizeEmail } from '#support/email_address'

/** The kinds of record the console's search finds, each opened on its own console page. */
export const SEARCH_KINDS = ['order', 'user', 'product', 'coupon', 'shop'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

/** How many records of each kind one search lists at most. */
export const SEARCH_LIMIT_PER_KIND = 10

/** One record found: what it is, how the results name it, and whether the text is its key. */
export interface SearchHit {
  kind: SearchKind
  id: string
  title: string
  detail: string
  /**
   * The search text is this record's own key, whole (any case): its order number, its e-mail,
   * its SKU or name, its coupon code, its shop name.
   */
  exact: boolean
}

/** What a search found, exact matches first. */
export interface SearchOutcome {
  hits: SearchHit[]
  exact: SearchHit[]
}

type Row = Record<string, unknown>

/**
 * The console header's search: an order number, an e-mail, a product name or SKU, a coupon code
 * or a shop name, each looked up as part of its field, any case, LIKE's wildcards in the text
 * taken literally (`containsPattern`). Only the kinds the reader may list are searched: the
 * controller asks each kind's policy. Deleted products and coupons are not found.
 */
export class ConsoleSearchService {
  async find(text: string, kinds: readonly SearchKind[]): Promise<SearchOutcome> {
    const wanted = new Set(kinds)
    const lookups: Record<SearchKind, () => Promise<SearchHit[]>> = {
      order: () => this.#orders(text),
      user: () => this.#users(text),
      product: () => this.#products(text),
      coupon: () => this.#coupons(text),
      shop: () => this.#shops(text),
    }
    const found = await Promise.all(
      SEARCH_KINDS.filter((kind) => wanted.has(kind)).map((kind) => lookups[kind]())
    )
    const hits = found.flat().sort((a, b) => Number(b.exact) - Number(a.exact))
    return { hits, exact: hits.filter((hit) => hit.exact) }
  }

  async #orders(text: string): Promise<SearchHit[]> {
    const number = text.toUpperCase()
    const rows: Row[] = await db
      .from('orders')
      .whereRaw(`order_number like ? escape '\\'`, [containsPattern(number)])
      .select('id', 'order_number', 'shop_name', 'status')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'asc')
      .limit(SEARCH_LIMIT_PER_KIND)
    return rows.map((row) => ({
      kind: 'order',
      id: String(row.id),
      title: String(row.order_number),
      detail: `${row.shop_name} · ${row.status}`,
      exact: row.order_number === number,
    }))
  }

  async #users(text: string): Promise<SearchHit[]> {
    const email = normalizeEmail(text)
    const rows: Row[] = await db
      .from('users')
      .whereRaw(`email like ? escape '\\'`, [containsPattern(email)])
      .select('id', 'email', 'user_type')
      .orderBy('email', 'asc')
      .orderBy('id', 'asc')
      .limit(SEARCH_LIMIT_PER_KIND)
    return rows.map((row) => ({
      kind: 'user',
      id: String(row.id),
      title: String(row.email),
      detail: String(row.user_type),
      exact: row.email === email,
    }))
  }

  async #products(text: string): Promise<SearchHit[]> {
    const lower = text.toLowerCase()
    const rows: Row[] = await db
      .from('products')
      .join('shops', 'shops.id', 'products.shop_id')
      .join('product_variants', 'product_variants.product_id', 'products.id')
      .whereNull('products.deleted_at')
      .whereNull('product_variants.deleted_at')
      .where((either) =>
        either
          .whereRaw(`lower(products.name) like ? escape '\\'`, [containsPattern(lower)])
          .orWhereRaw(`lower(product_variants.sku) like ? escape '\\'`, [containsPattern(lower)])
      )
      // One hit per product, with the lowest SKU among its variants that matched (all of them when
      // its name matched).
      .select('products.id', 'products.name', 'shops.name as shop_name')
      .min({ sku: 'product_variants.sku' })
      .groupBy('products.id', 'products.name', 'shops.name')
      .orderBy('products.name', 'asc')
      .orderBy('products.id', 'asc')
      .limit(SEARCH_LIMIT_PER_KIND)
    return rows.map((row) => ({
      kind: 'product',
      id: String(row.id),
      title: String(row.name),
      detail: `${row.sku} · ${row.shop_name}`,
      exact: String(row.sku).toLowerCase() === lower || String(row.name).toLowerCase() === lower,
    }))
  }

  async #coupons(text: string): Promise<SearchHit[]> {
    const code = text.toUpperCase()
    const rows: Row[] = await db
      .from('coupons')
      .whereNull('deleted_at')
      .whereRaw(`code like ? escape '\\'`, [containsPattern(code)])
      .select('id', 'code', 'discount_type')
      .orderBy('code', 'asc')
      .orderBy('id', 'asc')
      .limit(SEARCH_LIMIT_PER_KIND)
    return rows.map((row) => ({
      kind: 'coupon',
      id: String(row.id),
      title: String(row.code),
      detail: row.discount_type === 'PERCENTAGE' ? 'percentage coupon' : 'fixed-amount coupon',
      exact: row.code === code,
    }))
  }

  async #shops(text: string): Promise<SearchHit[]> {
    const lower = text.toLowerCase()
    const rows: Row[] = await db
      .from('shops')
      .whereRaw(`lower(name) like ? escape '\\'`, [containsPattern(lower)])
      .select('id', 'name', 'status')
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
      .limit(SEARCH_LIMIT_PER_KIND)
    return rows.map((row) => ({
      kind: 'shop',
      id: String(row.id),
      title: String(row.name),
      detail: String(row.status).toLowerCase(),
      exact: String(row.name).toLowerCase() === lower,
    }))
  }
}
