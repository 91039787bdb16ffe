import type { Quote } from '#services/checkout/checkout_service'
import type { PricedAmounts } from '#services/checkout/pricing'
import { TAX_RATE } from '#support/percent'
import ApiTransformer from '#transformers/api_transformer'

/**
 * The checkout summary (docs/api/checkout.md): the totals with the currency, the coupon applied,
 * the tax rate, and the orders place-order would create.
 */
export default class CheckoutSummaryTransformer extends ApiTransformer<Quote> {
  toObject() {
    const quote = this.resource
    return {
      ...this.#amounts(quote.pricing),
      currency: quote.currency,
      couponCode: quote.coupon?.code ?? null,
      taxRate: quote.taxRate / TAX_RATE.perPercent,
      shippingMethod: { id: quote.method.id, name: quote.method.name },
      orders: quote.pricing.orders.map((order, index) => ({
        shopId: order.shopId,
        shopName: quote.shops[index].shopName,
        ...this.#amounts(order),
      })),
    }
  }

  /** The money fields of a priced order or checkout, as decimal amounts. */
  #amounts(amounts: PricedAmounts) {
    return {
      subTotal: this.amount(amounts.subTotal),
      shippingCost: this.amount(amounts.shippingCost),
      taxAmount: this.amount(amounts.taxAmount),
      discountAmount: this.amount(amounts.discountAmount),
      total: this.amount(amounts.total),
      itemCount: amounts.itemCount,
    }
  }
}
