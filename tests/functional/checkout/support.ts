import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type { Group } from '@japa/runner/core'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { eraseLedgerOf } from '#tests/helpers/ledger'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { ShopFactory } from '#database/factories/shop_factory'
import { ProductFactory, type ProductSeed } from '#database/factories/product_factory'
import { ShippingAddressFactory } from '#database/factories/shipping_address_factory'
import CartItem from '#models/cart_item'
import ShippingMethod from '#models/shipping_method'
import type Product from '#models/product'
import type ShippingAddress from '#models/shipping_address'
import type User from '#models/user'

const SUMMARY = '/api/v1/checkout/summary'
const PLACE_ORDER = '/api/v1/checkout/place-order'

/** A logged-in customer with one saved address (United States, California unless overridden). */
export async function shopper(address: Partial<ShippingAddress> = {}) {
  const customer = await actor(UserType.CUSTOMER)
  const saved = await ShippingAddressFactory.merge({
    userId: customer.user.id,
    ...address,
  }).create()
  return { ...customer, address: saved }
}

/** A logged-in seller with one approved shop. */
export async function sellerShop(name?: string) {
  const seller = await actor(UserType.SELLER)
  const shop = await ShopFactory.merge({
    sellerId: seller.user.id,
    status: ShopStatus.APPROVED,
    ...(name ? { name } : {}),
  }).create()
  return { ...seller, shop }
}

/** A product of `shopId` at `priceCents`, in stock unless overridden. */
export function product(shopId: string, priceCents: number, overrides: Partial<ProductSeed> = {}) {
  return ProductFactory.merge({ shopId, priceCents, stock: 100, ...overrides }).create()
}

/** Puts lines in the customer's cart, oldest first in the order given. */
export async function fillCart(customer: User, lines: Array<[Product, number]>) {
  const start = DateTime.now().minus({ minutes: lines.length + 1 })
  for (const [index, [item, quantity]] of lines.entries()) {
    await CartItem.create({
      userId: customer.id,
      productId: item.id,
      variantId: item.id,
      quantity,
      createdAt: start.plus({ minutes: index }),
    })
  }
}

/** One of the seeded shipping methods. */
export function seededMethod(name: 'Standard' | 'Express') {
  return ShippingMethod.query().where('name', name).firstOrFail()
}

/** The body of a summary request: this customer's saved address and `method`, plus `extra`. */
export function checkoutFields(
  customer: { address: { id: string } },
  method: { id: string },
  extra: Record<string, unknown> = {}
) {
  return { shippingAddressId: customer.address.id, shippingMethodId: method.id, ...extra }
}

/** The body of a place-order request: a summary's, paid by PayPal, with a fresh idempotency key. */
export function orderFields(
  customer: { address: { id: string } },
  method: { id: string },
  extra: Record<string, unknown> = {}
) {
  return checkoutFields(customer, method, {
    paymentMethod: 'PAYPAL',
    idempotencyKey: `key-${randomUUID()}`,
    ...extra,
  })
}

/** POSTs a JSON body to `url` with the sender's bearer token. */
export function postAs(
  client: ApiClient,
  url: string,
  sender: { authorization: string },
  body: Record<string, unknown>
) {
  return client.post(url).header('Authorization', sender.authorization).json(body)
}

/** POST /api/v1/checkout/summary as `customer`, to their saved address by `method`. */
export function requestSummary(
  client: ApiClient,
  customer: { authorization: string; address: { id: string } },
  method: { id: string },
  extra: Record<string, unknown> = {}
) {
  return postAs(client, SUMMARY, customer, checkoutFields(customer, method, extra))
}

/** POST /api/v1/checkout/place-order as `customer` with `orderFields`. */
export function requestPlacement(
  client: ApiClient,
  customer: { authorization: string; address: { id: string } },
  method: { id: string },
  extra: Record<string, unknown> = {}
) {
  return postAs(client, PLACE_ORDER, customer, orderFields(customer, method, extra))
}

/**
 * A cart over two shops, ready to check out: shop A sells 2 × 10.00 + 1 × 5.50, shop B sells
 * 3 × 7.25 (subtotals 25.50 and 21.75, 47.25 in all), to an address in California.
 */
export async function twoShopCart() {
  const customer = await shopper()
  const first = await sellerShop('Alpha Goods')
  const second = await sellerShop('Beta Supplies')
  const mug = await product(first.shop.id, 1000, { name: 'Mug', sku: 'MUG-1' })
  const spoon = await product(first.shop.id, 550, { name: 'Spoon', sku: 'SPOON-1' })
  const tea = await product(second.shop.id, 725, { name: 'Tea', sku: 'TEA-1' })
  await fillCart(customer.user, [
    [mug, 2],
    [tea, 3],
    [spoon, 1],
  ])
  const standard = await seededMethod('Standard')
  return { customer, first, second, mug, spoon, tea, standard }
}

/**
 * Deletes what a test outside the test transaction created (its users, and everything hanging off
 * them), in dependency order.
 */
export async function cleanUp(userIds: string[], couponIds: string[]) {
  if (userIds.length === 0) return
  const orderRows = await db.from('orders').whereIn('user_id', userIds).select('id')
  const orderIds = orderRows.map((row) => row.id)
  await db.from('idempotency_keys').whereIn('user_id', userIds).delete()
  const ownShops = await db.from('shops').whereIn('seller_id', userIds).select('id')
  await eraseLedgerOf(
    ownShops.map((row) => row.id),
    orderIds
  )
  const returnRows = await db.from('returns').whereIn('order_id', orderIds).select('id')
  await db
    .from('return_items')
    .whereIn(
      'return_id',
      returnRows.map((row) => row.id)
    )
    .delete()
  await db.from('returns').whereIn('order_id', orderIds).delete()
  await db.from('refunds').whereIn('order_id', orderIds).delete()
  await db.from('order_status_history').whereIn('order_id', orderIds).delete()
  await db.from('order_items').whereIn('order_id', orderIds).delete()
  await db.from('orders').whereIn('id', orderIds).delete()
  const checkoutRows = await db.from('checkouts').whereIn('user_id', userIds).select('id')
  await db.from('checkouts').whereIn('user_id', userIds).delete()
  await db.from('cart_items').whereIn('user_id', userIds).delete()
  await db.from('shipping_addresses').whereIn('user_id', userIds).delete()
  const shopRows = await db.from('shops').whereIn('seller_id', userIds).select('id')
  const shopIds = shopRows.map((row) => row.id)
  const productRows = await db.from('products').whereIn('shop_id', shopIds).select('id')
  await db.from('product_variants').whereIn('shop_id', shopIds).delete()
  await db.from('products').whereIn('shop_id', shopIds).delete()
  await db.from('shops').whereIn('id', shopIds).delete()
  await db.from('coupons').whereIn('id', couponIds).delete()
  const users = await db.from('users').whereIn('id', userIds).select('email')
  for (const { email } of users) {
    await db
      .from('outbox_messages')
      .whereIn('kind', ['order_confirmation', 'new_order'])
      .whereLike('payload', `%${JSON.stringify(email)}%`)
      .delete()
  }
  // The webhook events of the orders, of the checkouts' payments and of the products' stock.
  const resources = [
    ...orderIds.map((id) => `order:${id}`),
    ...checkoutRows.map((row) => `checkout:${row.id}`),
    ...productRows.map((row) => `product:${row.id}`),
  ]
  for (const resource of resources) {
    await db
      .from('outbox_messages')
      .where('kind', 'webhook_event')
      .whereLike('payload', `%"${resource}"%`)
      .delete()
  }
  await db.from('users').whereIn('id', userIds).delete()
}

/**
 * A customer with an address and one unit of a new product in the cart, for a group outside the
 * test transaction: the seller and the customer are added to `userIds` for deletion.
 */
export async function committedOneLineCart(userIds: string[], priceCents: number, stock = 100) {
  const seller = await sellerShop()
  const item = await product(seller.shop.id, priceCents, { stock })
  const customer = await shopper()
  await fillCart(customer.user, [[item, 1]])
  userIds.push(seller.user.id, customer.user.id)
  const standard = await seededMethod('Standard')
  return { customer, item, standard }
}

/**
 * For a group outside the test transaction: the users and coupons each test lists here are
 * deleted, with what hangs off them, after it.
 */
export function deletedAfterEach(group: Group) {
  const userIds: string[] = []
  const couponIds: string[] = []
  group.each.setup(() => {
    userIds.length = 0
    couponIds.length = 0
    return () => cleanUp(userIds, couponIds)
  })
  return { userIds, couponIds }
}

/** How many responses had each status (and code, for errors), for parallel request tests. */
export function tally(responses: ApiResponse[]) {
  const counts: Record<string, number> = {}
  for (const response of responses) {
    const label =
      response.status() < 400
        ? String(response.status())
        : `${response.status()} ${response.body().code}`
    counts[label] = (counts[label] ?? 0) + 1
  }
  return counts
}
