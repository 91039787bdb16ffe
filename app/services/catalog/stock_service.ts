import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Product from '#models/product'
import { InsufficientStock, ProductUnavailable } from '#exceptions/cart_errors'
import { giveStockBack, takeStock } from '#queries/product_stock'

/** Units of one product leaving or coming back to stock; `name` is what a refusal shows. */
export interface StockLine {
  productId: string
  name: string
  quantity: number
}

/**
 * The one place stock changes hands with orders: a placement takes it, a cancellation gives it
 * back. Both run inside the caller's transaction and touch products in id order, so a placement
 * and a cancellation (or two placements) sharing products never deadlock.
 */
export class StockService {
  /**
   * Takes each line's quantity, only if that much is there and the product is still on sale
   * (active, not taken down, not deleted, its shop selling): the condition and the decrement are
   * one statement, so concurrent checkouts never sell a unit twice, nor a product taken off sale
   * after the quote was read, and the CHECK (stock >= 0) backs it. The row stays locked until the
   * caller commits, so a placement takes stock last.
   */
  async take(lines: StockLine[], trx: TransactionClientContract): Promise<void> {
    for (const line of inIdOrder(lines)) {
      if (!(await takeStock(trx, line.productId, line.quantity))) {
        throw await this.#refusal(line, trx)
      }
    }
  }

  /** Puts units back, whatever the product's state now (a cancelled order returns what it took). */
  async restore(lines: StockLine[], trx: TransactionClientContract): Promise<void> {
    for (const line of inIdOrder(lines)) {
      await giveStockBack(trx, line.productId, line.quantity)
    }
  }

  /** Why a line could not be taken: off sale, or not that many left. */
  async #refusal(line: StockLine, trx: TransactionClientContract) {
    const product = await Product.query({ client: trx })
      .withScopes((scopes) => scopes.onSale())
      .where('products.id', line.productId)
      .first()
    if (!product) return new ProductUnavailable(`"${line.name}" is no longer available`)
    return new InsufficientStock(
      `Only ${product.stock} of "${line.name}" in stock; the cart holds ${line.quantity}`
    )
  }
}

function inIdOrder(lines: StockLine[]): StockLine[] {
  return [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1))
}
