import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Product from '#models/product'
import type { Actor } from '#support/actor'
import CartItem, { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#models/cart_item'
import { ProductNotFound, VariantNotFound, VariantRequired } from '#exceptions/catalog_errors'
import ProductVariant from '#models/product_variant'
import {
  CartFull,
  CartItemNotFound,
  InsufficientStock,
  ProductUnavailable,
  QuantityLimitExceeded,
} from '#exceptions/cart_errors'
import { sqlTime } from '#support/sql_time'
import { cartLinesOf, type CartLine } from '#queries/cart_lines'
import { cartLineCount, cartLineQuantity, lockCartOwner, upsertCartLine } from '#queries/cart_items'

export type { CartLine, CartLineWithSeller } from '#queries/cart_lines'

/** What a customer adds: a product's variant, named alone by its product when it has one. */
export interface CartAdd {
  productId: string
  variantId?: string
  quantity: number
}

/**
 * The variant a cart add names: its own, or the product's one variant, which has the product's
 * id (a product without options; one with options has no variant of that id).
 */
function variantNamed(input: CartAdd): string {
  return input.variantId ?? input.productId
}

/** The cart as the customer sees it; totals count available lines only. */
export interface CartView {
  lines: Array<CartLine & { lineTotalCents: number }>
  itemCount: number
  subTotalCents: number
}

/** A customer's cart: one line per variant, prices always read from the variant. */
export class CartService {
  /** The customer's cart with current prices. */
  async view(actor: Actor): Promise<CartView> {
    return this.#viewOf(await this.linesFor(actor.user.id))
  }

  /**
   * Adds units of a product on sale, merging with the line already holding it. The add is one
   * conditional upsert on the (user, product) unique index (`#upsertLine`), so concurrent adds
   * neither duplicate the line nor lose units, and every limit is checked by the statement that
   * writes: only when it writes nothing are the reasons looked up, to name the refusal.
   */
  async add(actor: Actor, input: CartAdd): Promise<CartView> {
    const customer = actor.user
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

  /** Sets the quantity of a line already in the cart, named by its variant. */
  async setQuantity(actor: Actor, variantId: string, quantity: number): Promise<CartView> {
    const customer = actor.user
    return db.transaction(async (trx) => {
      const [line] = await this.linesFor(customer.id, trx, variantId)
      if (!line) throw new CartItemNotFound()
      if (!line.available) throw new ProductUnavailable()
      if (quantity > line.stock) throw this.#refusal(quantity, line.stock)

      await CartItem.query({ client: trx })
        .where({ user_id: customer.id, variant_id: variantId })
        .update({ quantity, updated_at: sqlTime(DateTime.now(), trx) })
      return this.#viewOf(await this.linesFor(customer.id, trx))
    })
  }

  /** Removes one line, named by its variant; a variant not in the cart is a 404. */
  async remove(actor: Actor, variantId: string): Promise<CartView> {
    const customer = actor.user
    return db.transaction(async (trx) => {
      const removed = await CartItem.query({ client: trx })
        .where({ user_id: customer.id, variant_id: variantId })
        .delete()
      if (Number(removed) !== 1) throw new CartItemNotFound()
      return this.#viewOf(await this.linesFor(customer.id, trx))
    })
  }

  /** Empties the cart; emptying an empty cart is fine. */
  async empty(actor: Actor): Promise<CartView> {
    await db.transaction((trx) => this.clear(actor.user.id, trx))
    return this.#viewOf([])
  }

  /** Deletes every line of the customer's cart inside `trx` (checkout, after placing orders). */
  async clear(userId: string, trx: TransactionClientContract): Promise<void> {
    await CartItem.query({ client: trx }).where('user_id', userId).delete()
  }

  /**
   * The customer's lines (or only the line of `variantId`) with their variant, product and shop
   * rows as seen by `trx`, oldest line first, in one query: whether the shop sells is the
   * `selling` scope of `Shop` (the catalog's rule) as an `EXISTS` column.
   */
  async linesFor(
    userId: string,
    trx?: TransactionClientContract,
    variantId?: string
  ): Promise<CartLine[]> {
    return cartLinesOf(trx ?? db.connection(), userId, variantId)
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
    await lockCartOwner(trx, userId)
  }

  /**
   * Inserts the line, or adds to the line already there, in one statement that writes only when
   * every limit holds: the product is on sale (the `onSale` scope of `Product`), the line stays
   * within the stock and the per-line maximum, and a new line finds fewer than 100 in the cart.
   * Returns whether it wrote.
   */
  async #upsertLine(userId: string, input: CartAdd, trx: TransactionClientContract) {
    if (input.quantity > MAX_LINE_QUANTITY) return false
    return upsertCartLine(trx, {
      userId,
      productId: input.productId,
      variantId: variantNamed(input),
      quantity: input.quantity,
    })
  }

  /**
   * Why the upsert wrote nothing, in the order the limits are told: not on sale (404 or 409), a
   * new line in a full cart, then the stock and the per-line maximum. Null when every limit
   * holds now.
   */
  async #whyRefused(userId: string, input: CartAdd, trx: TransactionClientContract) {
    const variant = await ProductVariant.query({ client: trx })
      .withScopes((scopes) => scopes.onSale())
      .where('product_variants.id', variantNamed(input))
      .where('product_variants.product_id', input.productId)
      .first()
    if (!variant) return this.#notOnSale(input, trx)

    const existing = await cartLineQuantity(trx, userId, variant.id)
    if (existing === null && (await cartLineCount(trx, userId)) >= MAX_CART_LINES) {
      return new CartFull()
    }
    const wanted = (existing ?? 0) + input.quantity
    if (wanted > Math.min(MAX_LINE_QUANTITY, variant.stock)) {
      return this.#refusal(wanted, variant.stock)
    }
    return null
  }

  /**
   * Why a variant cannot be added: an unknown or deleted product or variant is a 404, a product
   * with options named without its variant a 422; one that exists but is off sale (inactive,
   * taken down, shop not approved, seller deactivated or demoted) is a 409, like a cart line
   * whose product left the catalog.
   */
  async #notOnSale(input: CartAdd, trx: TransactionClientContract) {
    const product = await Product.query({ client: trx })
      .withScopes((scopes) => scopes.notDeleted())
      .where('products.id', input.productId)
      .first()
    if (!product) return new ProductNotFound()
    if (!input.variantId && product.options.length > 0) return new VariantRequired()
    const variant = await ProductVariant.query({ client: trx })
      .withScopes((scopes) => scopes.notDeleted())
      .where('product_variants.id', variantNamed(input))
      .where('product_variants.product_id', product.id)
      .first()
    return variant ? new ProductUnavailable() : new VariantNotFound()
  }

  /** Which limit a wanted quantity breaks: the stock first, then the per-line maximum. */
  #refusal(wanted: number, stock: number) {
    if (wanted > stock) {
      return new InsufficientStock(`Only ${stock} in stock; the cart line would hold ${wanted}`)
    }
    return new QuantityLimitExceeded()
  }
}
