import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { CouponFactory } from '#database/factories/coupon_factory'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import {
  OrderPlacementService,
  type PlaceOrderInput,
} from '#services/checkout/order_placement_service'
import { twoShopCart } from '#tests/functional/checkout/support'
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
  return placements.place(
    { user, clientAddress: '127.0.0.1' },
    {
      shippingAddressId: customer.address.id,
      shippingMethodId: method.id,
      paymentMethod: 'PAYPAL',
      idempotencyKey: `placed-${randomUUID()}`,
      ...extra,
    }
  )
}

/**
 * A placed checkout over two shops (see `twoShopCart`), with a coupon counted once: orders[0]
 * is shop A's (2 mugs, 1 spoon), orders[1] shop B's (3 teas); paid by card unless told.
 */
export async function placedCheckout(
  paymentMethod: PlaceOrderInput['paymentMethod'] = 'CREDIT_CARD'
) {
  const cart = await twoShopCart()
  const coupon = await CouponFactory.merge({ discountValue: 1000, usageLimit: 10 }).create()
  const { orders } = await placeThroughService(cart.customer.user, cart.customer, cart.standard, {
    paymentMethod,
    couponCode: coupon.code,
  })
  return { ...cart, coupon, orders }
}

/** Moves an order's placement time, as if it had been placed then. */
export async function placedAt(orderId: string, instant: DateTime) {
  await db
    .from('orders')
    .where('id', orderId)
    .update({ created_at: instant.toFormat(db.connection().dialect.dateTimeFormat) })
}

/**
 * Two placed checkouts whose four orders were placed on 10 and 31 January and on 1 February and
 * 1 March 2026 (the last one, `two.orders[1]`, cancelled since): for the date and status filters.
 */
export async function ordersOnFourDays() {
  const one = await placedCheckout()
  const two = await placedCheckout()
  await placedAt(one.orders[0].id, DateTime.fromISO('2026-01-10T12:00:00Z'))
  await placedAt(one.orders[1].id, DateTime.fromISO('2026-01-31T23:59:59Z'))
  await placedAt(two.orders[0].id, DateTime.fromISO('2026-02-01T00:00:00Z'))
  await placedAt(two.orders[1].id, DateTime.fromISO('2026-03-01T08:30:00Z'))
  await db.from('orders').where('id', two.orders[1].id).update({ status: 'CANCELLED' })
  return { one, two }
}
