import { amount, arrayOf, objectOf, uuid } from '#openapi/json_schema'

const pricedAmounts = {
  subTotal: amount('Σ unit price × quantity'),
  shippingCost: amount('The method’s price, once per shop order'),
  taxAmount: amount('Rate × (subtotal − discount), half-up per shop order; shipping untaxed'),
  discountAmount: amount('The coupon discount, split across shops by largest remainder'),
  total: amount('subTotal + shippingCost + taxAmount − discountAmount'),
  itemCount: { type: 'integer', minimum: 1 },
}

/** The response schema of `CheckoutSummaryTransformer` (checkout_summary_transformer.ts). */
export const checkoutSummarySchema = objectOf({
  ...pricedAmounts,
  currency: { type: 'string', examples: ['USD'] },
  couponCode: { type: ['string', 'null'], description: 'The coupon applied, upper-case' },
  taxRate: { type: 'number', description: 'The percent applied to the destination' },
  shippingMethod: objectOf({ id: uuid, name: { type: 'string' } }),
  orders: arrayOf(objectOf({ shopId: uuid, shopName: { type: 'string' }, ...pricedAmounts })),
})
