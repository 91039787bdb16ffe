import { DateTime } from 'luxon'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { StrictValues } from '@adonisjs/lucid/types/querybuilder'
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
import { CompiledQuery } from '#queries/compiled_query'

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
  /**
   * On sale right now: active, not taken down, not deleted, and its shop selling (approved,
   * seller active).
   */
  available: boolean
}

/** The cart as the customer sees it; totals count available lines only. */
export interface CartView {
  lines: Array<CartLine & { lineTotalCents: number }>
  itemCount: number
  subTotalCents: number
}

/** A cart line as checkout reads it: with the e-mail of the seller who ships it. */
export interface CartLineWithSeller extends CartLine {
  sellerEmail: string
}

/** A row of `buildLinesQuery`, as the driver returns it. */
export interface LineRow {
  product_id: string
  shop_id: string
  shop_name: string
  seller_email?: string
  name: string
  sku: string
  price_cents: number | string
  quantity: number | string
  stock: number | string
  is_active: boolean | number
  taken_down_at: unknown
  deleted_at: unknown
  shop_selling: boolean | number
}

/**
 * The cart lines query of `CartService.linesFor`, compiled once for each of its two shapes
 * (`CompiledQuery`): every cart read and add sends it.
 */
const compiledLines = new Map<boolean, CompiledQuery<string[]>>()

function linesQuery(oneProduct: boolean): CompiledQuery<string[]> {
  let compiled = compiledLines.get(oneProduct)
  if (!compiled) {
    compiled = new CompiledQuery(oneProduct ? 2 : 1, (client, userId, productId) =>
      buildLinesQuery(client, userId, { productId: oneProduct ? productId : undefined })
    )
    compiledLines.set(oneProduct, compiled)
  }
  return compiled
}

/**
 * The customer's lines (or the line of `productId`) joined with their product and shop, oldest
 * first; whether the shop sells is the `selling` scope of `Shop` (the catalog's rule) as an
 * `EXISTS` column. `unordered` leaves the order to a query that joins these lines as a derived
 * table (which keeps no order of its own) by their `line_created_at` and `line_id` columns.
 */
export function buildLinesQuery(
  client: QueryClientContract,
  userId: string,
  options: { productId?: string; withSellers?: boolean; unordered?: boolean }
) {
  const selling = Shop.query({ client })
    .withScopes((scopes) => scopes.selling())
    .whereColumn('shops.id', 'products.shop_id')
    .select('shops.id')
    .toSQL()
  const query = client
    .from('cart_items')
    .join('products', 'products.id', 'cart_items.product_id')
    .join('shops', 'shops.id', 'products.shop_id')
    .where('cart_items.user_id', userId)
  if (options.productId) query.where('cart_items.product_id', options.productId)
  if (options.withSellers) {
    query
      .join('users as sellers', 'sellers.id', 'shops.seller_id')
      .select('sellers.email as seller_email')
  }
  if (options.unordered) {
    query.select('cart_items.created_at as line_created_at', 'cart_items.id as line_id')
  } else {
    query.orderBy('cart_items.created_at', 'asc').orderBy('cart_items.id', 'asc')
  }
  return query.select(
    'cart_items.product_id',
    'cart_items.quantity',
    'products.shop_id',
    'products.name',
    'products.sku',
    'products.price_cents',
    'products.stock',
    'products.is_active',
    'products.taken_down_at',
    'products.deleted_at',
    'shops.name as shop_name',
    client.getReadClient().raw(`exists (${selling.sql}) as shop_selling`, selling.bindings)
  )
}

/** The lock `CartService.#serialiseAdds` takes on the customer's row (`CompiledQuery`). */
const customerLock = new CompiledQuery<[userId: string]>(1, (client, userId) =>
  client.from('users').where('id', userId).select('id').forUpdate()
)

/**
 * The statement of `CartService.#upsertLine`, compiled once (`CompiledQuery`): building the
 * `onSale` scope of `Product` cost as much as sending it. It answers the line's quantity when it
 * wrote, nothing otherwise.
 */
const upsertLine = new CompiledQuery<
  [id: string, userId: string, productId: string, quantity: number, now: Date | string]
>(5, (client, id, userId, productId, quantity, now) => {
  const postgres = client.dialect.name === 'postgres'
  // node-postgres leaves parameter types to the server, which types a bare parameter in a
  // SELECT list as text: the inserted values say their column's type.
  const typed = (type: string) => (postgres ? `cast(? as ${type})` : '?')
  const raw = client.getWriteClient()
  const source = Product.query({ client })
    .withScopes((scopes) => scopes.onSale())
    .where('products.id', productId)
    .where('products.stock', '>=', quantity)
    .where((room) => {
      room
        .whereExists((line) => {
          line
            .from('cart_items')
            .where('cart_items.user_id', userId)
            .whereColumn('cart_items.product_id', 'products.id')
        })
        .orWhereRaw('(select count(*) from cart_items where cart_items.user_id = ?) < ?', [
          userId,
          MAX_CART_LINES,
        ])
    })
    .select(
      raw.raw(typed('uuid'), [id]),
      raw.raw(typed('uuid'), [userId]),
      'products.id',
      raw.raw(typed('integer'), [quantity]),
      raw.raw(typed('timestamptz'), [now]),
      raw.raw(typed('timestamptz'), [now])
    )
    .toSQL()
  const merged = `cart_items.quantity + excluded.quantity`
  return client.rawQuery(
    `insert into cart_items (id, user_id, product_id, quantity, created_at, updated_at)
      ${source.sql}
      on conflict (user_id, product_id) do update
      set quantity = ${merged}, updated_at = excluded.updated_at
      where ${merged} <= ?
        and ${merged} <= (select stock from products where products.id = excluded.product_id)
      returning quantity`,
    [...source.bindings, MAX_LINE_QUANTITY] as StrictValues[]
  )
})

/** A row of `buildLinesQuery` as a cart line (with its seller's e-mail when it was selected). */
export function lineOf(row: LineRow, withSeller = false): CartLine | CartLineWithSeller {
  return {
    productId: row.product_id,
    shopId: row.shop_id,
    shopName: row.shop_name,
    ...(withSeller ? { sellerEmail: row.seller_email } : {}),
    name: row.name,
    sku: row.sku,
    unitPriceCents: Number(row.price_cents),
    quantity: Number(row.quantity),
    stock: Number(row.stock),
    available:
      Boolean(row.is_active) &&
      row.taken_down_at === null &&
      row.deleted_at === null &&
      Boolean(row.shop_selling),
  }
}

/** A customer's cart: one line per product, prices always read from the product. */
export class CartService {
  /** The customer's cart with current prices. */
  async view(customer: User): Promise<CartView> {
    return this.#viewOf(await this.linesFor(customer.id))
  }

  /**
   * Adds units of a product on sale, merging with the line already holding it. The add is one
   * conditional upsert on the (user, product) unique index (`#upsertLine`), so concurrent adds
   * neither duplicate the line nor lose units, and every limit is checked by the statement that
   * writes: only when it writes nothing are the reasons looked up, to name the refusal.
   */
  async add(customer: User, input: { productId: string; quantity: number }): Promise<CartView> {
    return db.transaction(async (trx) => {
      await this.#serialiseAdds(customer.id, trx)
      // A refusal read after a failed upsert can find the limits met again (stock restocked in
      // between): the upsert is then simply tried again, a bounded number of times.
      for (let attempt = 1; ; attempt++) {
        if (await this.#upsertLine(customer.id, input, trx)) {
          return this.#viewOf(await this.linesFor(customer.id, trx))
        }
        const refusal = await this.#whyRefused(customer.id, input, trx)
        if (refusal) throw refusal
        if (attempt === 3) throw new InsufficientStock()
      }
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
   * seen by `trx`, oldest line first, in one query: whether the shop sells is the `selling` scope
   * of `Shop` (the catalog's rule) as an `EXISTS` column.
   */
  async linesFor(
    userId: string,
    trx?: TransactionClientContract,
    productId?: string
  ): Promise<CartLine[]> {
    return this.#read(trx ?? db.connection(), userId, { productId })
  }

  async #read(
    client: QueryClientContract,
    userId: string,
    options: { productId?: string }
  ): Promise<CartLine[]> {
    const parameters = options.productId ? [userId, options.productId] : [userId]
    const rows = await linesQuery(Boolean(options.productId)).rows<LineRow>(parameters, client)
    return rows.map((row) => lineOf(row))
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
   * Serialises the adds of one customer, so a burst of adds of different products cannot each
   * count 99 lines and pass together: on PostgreSQL the customer's row is locked for the
   * transaction, and the upsert that follows, a statement of its own, reads the lines committed
   * by the adds that held the lock before. SQLite runs one writer at a time, and the upsert is
   * the transaction's first statement, so it reads and writes under the write lock.
   */
  async #serialiseAdds(userId: string, trx: TransactionClientContract) {
    if (trx.dialect.name !== 'postgres') return
    await customerLock.rows([userId], trx)
  }

  /**
   * Inserts the line, or adds to the line already there, in one statement that writes only when
   * every limit holds: the product is on sale (the `onSale` scope of `Product`), the line stays
   * within the stock and the per-line maximum, and a new line finds fewer than 100 in the cart.
   * Returns whether it wrote.
   */
  async #upsertLine(
    userId: string,
    input: { productId: string; quantity: number },
    trx: TransactionClientContract
  ): Promise<boolean> {
    if (input.quantity > MAX_LINE_QUANTITY) return false
    const now = sqlTime(DateTime.now(), trx) as Date | string
    const written = await upsertLine.rows(
      [randomUUID(), userId, input.productId, input.quantity, now],
      trx
    )
    return written.length === 1
  }

  /**
   * Why the upsert wrote nothing, in the order the limits are told: not on sale (404 or 409), a
   * new line in a full cart, then the stock and the per-line maximum. Null when every limit
   * holds now.
   */
  async #whyRefused(
    userId: string,
    input: { productId: string; quantity: number },
    trx: TransactionClientContract
  ) {
    const product = await Product.query({ client: trx })
      .withScopes((scopes) => scopes.onSale())
      .where('products.id', input.productId)
      .first()
    if (!product) return this.#notOnSale(input.productId, trx)

    const existing = await trx
      .from('cart_items')
      .where({ user_id: userId, product_id: product.id })
      .select('quantity')
      .first()
    if (!existing) {
      const [lines] = await trx.from('cart_items').where('user_id', userId).count('* as total')
      if (Number(lines.total) >= MAX_CART_LINES) return new CartFull()
    }
    const wanted = Number(existing?.quantity ?? 0) + input.quantity
    if (wanted > Math.min(MAX_LINE_QUANTITY, product.stock)) {
      return this.#refusal(wanted, product.stock)
    }
    return null
  }

  /**
   * Why a product cannot be added: unknown or deleted is a 404; one that exists but is off sale
   * (inactive, taken down, shop not approved, seller deactivated or demoted) is a 409, like a
   * cart line whose product left the catalog.
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
