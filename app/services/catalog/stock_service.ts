import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import config from '@adonisjs/core/services/config'
import ProductVariant from '#models/product_variant'
import type { LowStockCrossing } from '#services/integrations/webhook_events'
import { InsufficientStock, ProductUnavailable } from '#exceptions/cart_errors'
import { giveStockBack, takeStock } from '#queries/product_stock'

/** Units of one variant leaving or coming back to stock; `name` is what a refusal shows. */
export interface StockLine {
  variantId: string
  name: string
  quantity: number
}

/**
 * The one place stock changes hands with orders: a placement takes it, a cancellation gives it
 * back. Both run inside the caller's transaction and touch variants in id order, so a placement
 * and a cancellation (or two placements) sharing variants never deadlock.
 */
export class StockService {
  /**
   * Takes each line's quantity, only if that much is there and the variant is still on sale
   * (active, not taken down, not deleted, its shop selling): the condition and the decrement are
   * one statement, so concurrent checkouts never sell a unit twice, nor a product taken off sale
   * after the quote was read, and the CHECK (stock >= 0) backs it. The row stays locked until the
   * caller commits, so a placement takes stock last. Answers the products whose stock this took
   * from above the low-stock threshold to at or below it (`crossesLowStock`), for
   * `product.low_stock`; the stock read is the row's own after the decrement, so of concurrent
   * placements exactly one sees a crossing.
   */
  async take(lines: StockLine[], trx: TransactionClientContract): Promise<LowStockCrossing[]> {
    const threshold = lowStockThreshold()
    const crossings: LowStockCrossing[] = []
    for (const line of inIdOrder(lines)) {
      const taken = await takeStock(trx, line.variantId, line.quantity)
      if (!taken) throw await this.#refusal(line, trx)
      if (crossesLowStock(taken.stock + line.quantity, taken.stock, threshold)) {
        crossings.push({
          productId: taken.productId,
          variantId: taken.id,
          shopId: taken.shopId,
          name: line.name,
          sku: taken.sku,
          stock: taken.stock,
        })
      }
    }
    return crossings
  }

  /** Puts units back, whatever the product's state now (a cancelled order returns what it took). */
  async restore(lines: StockLine[], trx: TransactionClientContract): Promise<void> {
    for (const line of inIdOrder(lines)) {
      await giveStockBack(trx, line.variantId, line.quantity)
    }
  }

  /** Why a line could not be taken: off sale, or not that many left. */
  async #refusal(line: StockLine, trx: TransactionClientContract) {
    const variant = await ProductVariant.query({ client: trx })
      .withScopes((scopes) => scopes.onSale())
      .where('product_variants.id', line.variantId)
      .first()
    if (!variant) return new ProductUnavailable(`"${line.name}" is no longer available`)
    return new InsufficientStock(
      `Only ${variant.stock} of "${line.name}" in stock; the cart holds ${line.quantity}`
    )
  }
}

/**
 * The low-stock threshold: a variant on sale with this many or fewer units is low on stock. One
 * setting (`store.lowStockThreshold`, `LOW_STOCK_THRESHOLD`) for the console's "Low stock" tile
 * and the `product.low_stock` webhook event.
 */
export function lowStockThreshold(): number {
  return config.get<number>('store.lowStockThreshold')
}

/** Whether a change of stock from `before` to `after` went from above `threshold` to at or below. */
export function crossesLowStock(before: number, after: number, threshold: number): boolean {
  return before > threshold && after <= threshold
}

function inIdOrder(lines: StockLine[]): StockLine[] {
  return [...lines].sort((a, b) => (a.variantId < b.variantId ? -1 : 1))
}
