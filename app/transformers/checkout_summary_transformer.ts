import type { Quote } from '#services/checkout/checkout_service'
import type { PricedAmounts } from '#services/checkout/pricing'
import { centsToAmount } from '#support/money'
import { TAX_RATE } from '#support/percent'

/** The money fields of a priced order or checkout, as decimal amounts. */
function amountsJson(amounts: PricedAmounts) {
  return {
    subTotal: centsToAmount(amounts.subTotal),
    shippingCost: centsToAmount(amounts.shippingCost),
    taxAmount: centsToAmount(amounts.taxAmount),
    discountAmount: centsToAmount(amounts.discountAmount),
    total: centsToAmount(amounts.total),
    itemCount: amounts.itemCount,
  }
}

/**
 * The summary of interface 2.6 (`subTotal`, `shippingCost`, `taxAmount`, `discountAmount`,
 * `total`, `itemCount`) with the currency, the coupon applied, the tax rate, and the orders
 * place-order would create.
 */
export function checkoutSummaryJson(quote: Quote) {
  return {
    ...amountsJson(quote.pricing),
    currency: quote.currency,
    couponCode: quote.coupon?.code ?? null,
    taxRate: quote.taxRate / TAX_RATE.perPercent,
    shippingMethod: { id: quote.method.id, name: quote.method.name },
    orders: quote.pricing.orders.map((order, index) => ({
      shopId: order.shopId,
      shopName: quote.shops[index].shopName,
      ...amountsJson(order),
    })),
  }
}
