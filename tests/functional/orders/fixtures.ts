import { randomUUID } from 'node:crypto'
import { CouponFactory } from '#database/factories/coupon_factory'
import app from '@adonisjs/core/services/app'
import { OrderPlacementService } from '#services/checkout/order_placement_service'
import { twoShopCart } from '#tests/functional/checkout/fixtures'

/**
 * A placed checkout over two shops (see `twoShopCart`), with a coupon counted once: orders[0]
 * is shop A's (2 mugs, 1 spoon), orders[1] shop B's (3 teas).
 */
export async function placedCheckout() {
  const cart = await twoShopCart()
  const coupon = await CouponFactory.merge({ discountValue: 1000, usageLimit: 10 }).create()
  const placements = await app.container.make(OrderPlacementService)
  const { orders } = await placements.place(cart.customer.user, {
    shippingAddressId: cart.customer.address.id,
    shippingMethodId: cart.standard.id,
    paymentMethod: 'CREDIT_CARD',
    couponCode: coupon.code,
    idempotencyKey: `fixture-${randomUUID()}`,
    clientAddress: '127.0.0.1',
  })
  return { ...cart, coupon, orders }
}
