import type { Quote } from '#services/checkout/checkout_service'
import type { PricedAmounts } from '#services/checkout/pricing'
import { TAX_RATE } from '#support/percent'
import ApiTransformer from '#transformers/api_transformer'
import { centsToAmount } from '#support/money'

/**
 * The checkout summary (docs/api/checkout.md): the totals with the currency, the coupon applied,
 * the tax rate, and the orders place-order would create.
 */
export default class CheckoutSummaryTransformer extends ApiTransformer<Quote> {
  /**
   * The body itself, for the summary endpoint: the transformer's item would capture a stack
   * trace on every request (docs/performance.md, "Profile") for a body that needs no container.
   */
  static bodyOf(quote: Quote) {
    return {
      ...amountsOf(quote.pricing),
      currency: quote.currency,
      couponCode: quote.coupon?.code ?? null,
      taxRate: quote.taxRate / TAX_RATE.perPercent,
      shippingMethod: { id: quote.method.id, name: quote.method.name },
      orders: quote.pricing.orders.map((order, index) => ({
        shopId: order.shopId,
        shopName: quote.shops[index].shopName,
        ...amountsOf(order),
      })),
    }
  }

  toObject() {
    return CheckoutSummaryTransformer.bodyOf(this.resource)
  }
}

/** The money fields of a priced order or checkout, as decimal amounts. */
function amountsOf(amounts: PricedAmounts) {
  return {
    subTotal: centsToAmount(amounts.subTotal),
    shippingCost: centsToAmount(amounts.shippingCost),
    taxAmount: centsToAmount(amounts.taxAmount),
    discountAmount: centsToAmount(amounts.discountAmount),
    total: centsToAmount(amounts.total),
    itemCount: amounts.itemCount,
  }
}
