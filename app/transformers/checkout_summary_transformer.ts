import type { Quote, ShopLines } from '#services/checkout/checkout_service'
import type { PricedAmounts, PricedOrder } from '#services/checkout/pricing'
import { TAX_RATE } from '#support/percent'
import { uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { amountField, field, listField, objectField, shapeOf } from '#transformers/shape'

/** The money fields of a priced order or checkout, read from `amountsOf` its source. */
function pricedAmounts<Source>(amountsOf: (source: Source) => PricedAmounts) {
  return {
    subTotal: amountField(
      (source: Source) => amountsOf(source).subTotal,
      'Σ unit price × quantity'
    ),
    shippingCost: amountField(
      (source: Source) => amountsOf(source).shippingCost,
      'The method’s price, once per shop order'
    ),
    taxAmount: amountField(
      (source: Source) => amountsOf(source).taxAmount,
      'Rate × (subtotal − discount), half-up per shop order; shipping untaxed'
    ),
    discountAmount: amountField(
      (source: Source) => amountsOf(source).discountAmount,
      'The coupon discount, split across shops by largest remainder'
    ),
    total: amountField(
      (source: Source) => amountsOf(source).total,
      'subTotal + shippingCost + taxAmount − discountAmount'
    ),
    itemCount: field(
      { type: 'integer', minimum: 1 },
      (source: Source) => amountsOf(source).itemCount
    ),
  }
}

/** One shop's order as place-order would create it: its priced amounts and its shop. */
interface ShopOrder {
  order: PricedOrder
  shop: ShopLines
}

const shopOrderShape = shapeOf<ShopOrder>()({
  shopId: field(uuid, ({ order }) => order.shopId),
  shopName: field({ type: 'string' }, ({ shop }) => shop.shopName),
  ...pricedAmounts<ShopOrder>(({ order }) => order),
})

const methodShape = shapeOf<Quote['method']>()({
  id: field(uuid, 'id'),
  name: field({ type: 'string' }, 'name'),
})

const summaryShape = shapeOf<Quote>()({
  ...pricedAmounts<Quote>((quote) => quote.pricing),
  currency: field({ type: 'string', examples: ['USD'] }, 'currency'),
  couponCode: field(
    { type: ['string', 'null'], description: 'The coupon applied, upper-case' },
    (quote) => quote.coupon?.code ?? null
  ),
  taxRate: field(
    { type: 'number', description: 'The percent applied to the destination' },
    (quote) => quote.taxRate / TAX_RATE.perPercent
  ),
  shippingMethod: objectField(methodShape, 'method'),
  orders: listField(shopOrderShape, (quote) =>
    quote.pricing.orders.map((order, index) => ({ order, shop: quote.shops[index] }))
  ),
})

/**
 * The checkout summary (docs/api/checkout.md): the totals with the currency, the coupon applied,
 * the tax rate, and the orders place-order would create.
 */
export default class CheckoutSummaryTransformer extends ApiTransformer<Quote> {
  static readonly shape = summaryShape

  /**
   * The body itself, for the summary endpoint: the transformer's item would capture a stack
   * trace on every request (docs/performance.md, "Profile") for a body that needs no container.
   */
  static bodyOf(quote: Quote) {
    return summaryShape.write(quote)
  }

  toObject() {
    return summaryShape.write(this.resource)
  }
}
