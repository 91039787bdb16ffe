import { randomUUID } from 'node:crypto'
import { CouponFactory } from '#database/factories/coupon_factory'
import app from '@adonisjs/core/services/app'
import {
  OrderPlacementService,
  type PlaceOrderInput,
} from '#services/checkout/order_placement_service'
import { twoShopCart } from '#tests/functional/checkout/fixtures'
import type User from '#models/user'

/**
 * Places the customer's cart through the service, as place-order would, to the saved address by
 * `method`, paid by PayPal unless `extra` says otherwise.
 */
export async function placeThroughService(
  user: User,
  customer: { address: { id: string } },
  method: { id: string },
  extra: Partial<PlaceOrderInput> = {}
) {
  const placements = await app.container.make(OrderPlacementService)
  return placements.place(user, {
    shippingAddressId: customer.address.id,
    shippingMethodId: method.id,
    paymentMethod: 'PAYPAL',
    idempotencyKey: `placed-${randomUUID()}`,
    clientAddress: '127.0.0.1',
    ...extra,
  })
}

/**
 * A placed checkout over two shops (see `twoShopCart`), with a coupon counted once: orders[0]
 * is shop A's (2 mugs, 1 spoon), orders[1] shop B's (3 teas).
 */
export async function placedCheckout() {
  const cart = await twoShopCart()
  const coupon = await CouponFactory.merge({ discountValue: 1000, usageLimit: 10 }).create()
  const { orders } = await placeThroughService(cart.customer.user, cart.customer, cart.standard, {
    paymentMethod: 'CREDIT_CARD',
    couponCode: coupon.code,
  })
  return { ...cart, coupon, orders }
}
