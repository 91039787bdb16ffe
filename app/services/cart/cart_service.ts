import { DateTime } from 'luxon'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import Product from '#models/product'
import type User from '#models/user'
import CartItem, { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#models/cart_item'
import Shop from '#models/shop'
import { ProductNotFound } from '#exceptions/catalog_errors'
import {
  CartFull,
  CartItemNotFound,
  InsufficientStock,
  ProductUnavailable,
  QuantityLimitExceeded,
} from '#exceptions/cart_errors'
import { sqlTime } from '#support/sql_time'

/** One cart line joined with its product and shop as they are now (checkout's input). */
export interface CartLine {
  productId: string
  shopId: string
  shopName: string
  name: string
  sku: string
  unitPriceCents: number
  quantity: number
  /** The product's stock right now; a line above it cannot be bought. */
  stock: number
  /** On sale right now: active, not deleted, and its shop selling (approved, seller active). */
  available: boolean
}

/** The cart as the customer sees it; totals count available lines only. */
export interface CartView {
  lines: Array<CartLine & { lineTotalCents: number }>
  itemCount: number
  subTotalCents: number
}

interface LineRow {
  product_id: string
  shop_id: string
  shop_name: string
  name: string
  sku: string
  price_cents: number | string
  quantity: number | string
  stock: number | string
  is_active: boolean | number
  deleted_at: unknown
}

/** A customer's cart: one line per product, prices always read from the product. */
export class CartService {
  /** The customer's cart with current prices. */
  async view(customer: User): Promise<CartView> {
    return this.#viewOf(await this.linesFor(customer.id))
  }

  /**
   * Adds units of a product on sale, merging with the line already holding it. The merge is one
   * upsert on the (user, product) unique index, so concurrent adds neither duplicate the line
   * nor lose units. A new line is refused once the cart holds 100.
   */
  async add(customer: User, input: { productId: string; quantity: number }): Promise<CartView> {
    return db.transaction(async (trx) => {
      const product = await Product.query({ client: trx })
        .withScopes((scopes) => scopes.onSale())
        .where('products.id', input.productId)
        .first()
      if (!product) throw await this.#notOnSale(input.productId, trx)
      await this.#assertRoomForLine(customer.id, product.id, trx)

      const ceiling = Math.min(MAX_LINE_QUANTITY, product.stock)
      if (input.quantity <= ceiling) {
        const now = sqlTime(DateTime.now(), trx)
        const merged = await trx
          .knexQuery()
          .table('cart_items')
          .insert({
            id: randomUUID(),
            user_id: customer.id,
            product_id: product.id,
            quantity: input.quantity,
            created_at: now,
            updated_at: now,
          })
          .onConflict(['user_id', 'product_id'])
          .merge({
            quantity: trx.knexRawQuery('?? + ?', ['cart_items.quantity', input.quantity]),
            updated_at: now,
          })
          // Conditional merge: a line that would pass the ceiling is left alone and no row returns.
          .where('cart_items.quantity', '<=', ceiling - input.quantity)
          .returning(['quantity'])
        if (merged.length === 1) return this.#viewOf(await this.linesFor(customer.id, trx))
      }

      const existing = await trx
        .from('cart_items')
        .where({ user_id: customer.id, product_id: product.id })
        .select('quantity')
        .first()
      const wanted = Number(existing?.quantity ?? 0) + input.quantity
      throw this.#refusal(wanted, product.stock)
    })
  }

  /** Sets the quantity of a line already in the cart. */
  async setQuantity(customer: User, productId: string, quantity: number): Promise<CartView> {
    return db.transaction(async (trx) => {
      const [line] = await this.linesFor(customer.id, trx, productId)
      if (!line) throw new CartItemNotFound()
      if (!line.available) throw new ProductUnavailable()
      if (quantity > line.stock) throw this.#refusal(quantity, line.stock)

      await CartItem.query({ client: trx })
        .where({ user_id: customer.id, product_id: productId })
        .update({ quantity, updated_at: sqlTime(DateTime.now(), trx) })
      return this.#viewOf(await this.linesFor(customer.id, trx))
    })
  }

  /** Removes one line; a product not in the cart is a 404. */
  async remove(customer: User, productId: string): Promise<CartView> {
    return db.transaction(async (trx) => {
      const removed = await CartItem.query({ client: trx })
        .where({ user_id: customer.id, product_id: productId })
        .delete()
      if (Number(removed) !== 1) throw new CartItemNotFound()
      return this.#viewOf(await this.linesFor(customer.id, trx))
    })
  }

  /** Empties the cart; emptying an empty cart is fine. */
  async empty(customer: User): Promise<CartView> {
    await db.transaction((trx) => this.clear(customer.id, trx))
    return this.#viewOf([])
  }

  /** Deletes every line of the customer's cart inside `trx` (checkout, after placing orders). */
  async clear(userId: string, trx: TransactionClientContract): Promise<void> {
    await CartItem.query({ client: trx }).where('user_id', userId).delete()
  }

  /**
   * The customer's lines (or only the line of `productId`) with their product and shop rows as
   * seen by `trx` (checkout passes the transaction that will decrement stock), oldest line first.
   */
  async linesFor(
    userId: string,
    trx?: TransactionClientContract,
    productId?: string
  ): Promise<CartLine[]> {
    const client: QueryClientContract = trx ?? db.connection()
    const query = client
      .from('cart_items')
      .join('products', 'products.id', 'cart_items.product_id')
      .join('shops', 'shops.id', 'products.shop_id')
      .where('cart_items.user_id', userId)
    if (productId) query.where('cart_items.product_id', productId)
    const rows: LineRow[] = await query
      .orderBy('cart_items.created_at', 'asc')
      .orderBy('cart_items.id', 'asc')
      .select(
        'cart_items.product_id',
        'cart_items.quantity',
        'products.shop_id',
        'products.name',
        'products.sku',
        'products.price_cents',
        'products.stock',
        'products.is_active',
        'products.deleted_at',
        'shops.name as shop_name'
      )
    const selling = await this.#sellingShops(
      rows.map((row) => row.shop_id),
      client
    )
    return rows.map((row) => ({
      productId: row.product_id,
      shopId: row.shop_id,
      shopName: row.shop_name,
      name: row.name,
      sku: row.sku,
      unitPriceCents: Number(row.price_cents),
      quantity: Number(row.quantity),
      stock: Number(row.stock),
      available: Boolean(row.is_active) && row.deleted_at === null && selling.has(row.shop_id),
    }))
  }

  /** Which of these shops sell right now (the `selling` scope of `Shop`, the catalog's rule). */
  async #sellingShops(shopIds: string[], client: QueryClientContract): Promise<Set<string>> {
    if (shopIds.length === 0) return new Set()
    const shops = await Shop.query({ client })
      .withScopes((scopes) => scopes.selling())
      .whereIn('shops.id', [...new Set(shopIds)])
      .select('shops.id')
    return new Set(shops.map((shop) => shop.id))
  }

  #viewOf(lines: CartLine[]): CartView {
    const priced = lines.map((line) => ({
      ...line,
      lineTotalCents: line.unitPriceCents * line.quantity,
    }))
    const onSale = priced.filter((line) => line.available)
    return {
      lines: priced,
      itemCount: onSale.reduce((sum, line) => sum + line.quantity, 0),
      subTotalCents: onSale.reduce((sum, line) => sum + line.lineTotalCents, 0),
    }
  }

  /**
   * Refuses a new line in a cart that already holds the most lines allowed. Concurrent adds of
   * one customer are serialised first, so a burst of adds cannot each count 99 lines and pass
   * together: on PostgreSQL the customer's row is locked for the transaction; SQLite runs one
   * writer at a time, which gives the same guarantee.
   */
  async #assertRoomForLine(userId: string, productId: string, trx: TransactionClientContract) {
    const lock = trx.from('users').where('id', userId).select('id')
    if (trx.dialect.name === 'postgres') lock.forUpdate()
    await lock

    const merging = await trx
      .from('cart_items')
      .where({ user_id: userId, product_id: productId })
      .select('id')
      .first()
    if (merging) return
    const [lines] = await trx.from('cart_items').where('user_id', userId).count('* as total')
    if (Number(lines.total) >= MAX_CART_LINES) throw new CartFull()
  }

  /**
   * Why a product cannot be added: unknown or deleted is a 404; one that exists but is off sale
   * (inactive, shop not approved, seller deactivated or demoted) is a 409, like a cart line whose
   * product left the catalog.
   */
  async #notOnSale(productId: string, trx: TransactionClientContract) {
    const existing = await Product.query({ client: trx })
      .withScopes((scopes) => scopes.notDeleted())
      .where('products.id', productId)
      .first()
    return existing ? new ProductUnavailable() : new ProductNotFound()
  }

  /** Which limit a wanted quantity breaks: the stock first, then the per-line maximum. */
  #refusal(wanted: number, stock: number) {
    if (wanted > stock) {
      return new InsufficientStock(`Only ${stock} in stock; the cart line would hold ${wanted}`)
    }
    return new QuantityLimitExceeded()
  }
}
