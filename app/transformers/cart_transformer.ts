import type { CartView } from '#services/cart/cart_service'
import { optionValuesSchema, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { amountField, field, listField, shapeOf } from '#transformers/shape'

type CartLineView = CartView['lines'][number]

/** One line: the variant as it is now, with its current price. */
const lineShape = shapeOf<CartLineView>()({
  productId: field(uuid, 'productId'),
  variantId: field(uuid, 'variantId'),
  sku: field({ type: 'string' }, 'sku'),
  optionValues: field(optionValuesSchema, 'optionValues'),
  shopId: field(uuid, 'shopId'),
  shopName: field({ type: 'string' }, 'shopName'),
  name: field({ type: 'string' }, 'name'),
  unitPrice: amountField('unitPriceCents', 'Current price of the variant'),
  quantity: field({ type: 'integer', minimum: 1, maximum: 999 }, 'quantity'),
  lineTotal: amountField('lineTotalCents'),
  stock: field({ type: 'integer', minimum: 0 }, 'stock'),
  available: field(
    {
      type: 'boolean',
      description: 'False once the product left the catalog; checkout refuses such a line',
    },
    'available'
  ),
})

/** The cart as `GET /api/v1/cart` and every cart change answer with it. */
export default class CartTransformer extends ApiTransformer<CartView> {
  static readonly shape = shapeOf<CartView>()({
    items: listField(lineShape, 'lines'),
    itemCount: field(
      { type: 'integer', description: 'Sum of the quantities of available lines' },
      'itemCount'
    ),
    subTotal: amountField('subTotalCents', 'Sum of the line totals of available lines'),
  })

  toObject() {
    return CartTransformer.shape.write(this.resource)
  }
}
