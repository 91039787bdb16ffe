import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import Shop from '#models/shop'
import type User from '#models/user'
import { CheckoutService } from '#services/checkout/checkout_service'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import {
  fillCart,
  product,
  seededMethod,
  sellerShop,
  shopper,
} from '#tests/functional/checkout/support'
import { eachInTransaction } from '#tests/helpers/transactions'

const PLACE = '/api/v1/checkout/place-order'
const SUMMARY = '/api/v1/checkout/summary'

/** A seller's product (stock 10) already in a customer's cart, and an admin to manage the seller. */
async function sellerWithCustomer() {
  const seller = await sellerShop('Seller Goods')
  const item = await product(seller.shop.id, 1250, { name: 'Kettle', stock: 10 })
  const customer = await shopper()
  await fillCart(customer.user, [[item, 2]])
  const admin = await actor(UserType.ADMIN)
  const standard = await seededMethod('Standard')
  return { seller, item, customer, admin, standard }
}

type Setting = Awaited<ReturnType<typeof sellerWithCustomer>>

async function stockOf(productId: string) {
  const row = await db.from('product_variants').where('id', productId).firstOrFail()
  return Number(row.stock)
}

async function ordersOf(user: User) {
  const [row] = await db.from('orders').where('user_id', user.id).count('* as total')
  return Number(row.total)
}

function checkoutBody(setting: Setting) {
  return {
    shippingAddressId: setting.customer.address.id,
    shippingMethodId: setting.standard.id,
    paymentMethod: 'PAYPAL',
    idempotencyKey: `key-${randomUUID()}`,
  }
}

/** Every door a sale goes through answers "not on sale", and nothing changed. */
async function assertOffSale(client: ApiClient, assert: Assert, setting: Setting) {
  const { item, customer, seller } = setting
  expectProblem(assert, await client.get(`/api/v1/products/${item.id}`), 404, 'PRODUCT_NOT_FOUND')
  const listed = await client.get('/api/v1/products').qs({ shopId: seller.shop.id })
  assert.deepEqual(listed.body().items, [])

  const added = await client
    .post('/api/v1/cart/items')
    .header('Authorization', customer.authorization)
    .json({ productId: item.id, quantity: 1 })
  expectProblem(assert, added, 409, 'PRODUCT_UNAVAILABLE')

  const summary = await client
    .post(SUMMARY)
    .header('Authorization', customer.authorization)
    .json(checkoutBody(setting))
  expectProblem(assert, summary, 409, 'PRODUCT_UNAVAILABLE')

  const placed = await client
    .post(PLACE)
    .header('Authorization', customer.authorization)
    .json(checkoutBody(setting))
  expectProblem(assert, placed, 409, 'PRODUCT_UNAVAILABLE')

  assert.equal(await stockOf(item.id), 10)
  assert.equal(await ordersOf(customer.user), 0)
  const shop = await Shop.findOrFail(seller.shop.id)
  assert.equal(shop.status, ShopStatus.APPROVED)
}

/** The product is readable, can be added, and the cart can be ordered. */
async function assertOnSale(client: ApiClient, assert: Assert, setting: Setting) {
  const { item, customer } = setting
  const read = await client.get(`/api/v1/products/${item.id}`)
  read.assertStatus(200)
  const added = await client
    .post('/api/v1/cart/items')
    .header('Authorization', customer.authorization)
    .json({ productId: item.id, quantity: 1 })
  added.assertStatus(200)
  const placed = await client
    .post(PLACE)
    .header('Authorization', customer.authorization)
    .json(checkoutBody(setting))
  placed.assertStatus(201)
  assert.equal(await stockOf(item.id), 7)
}

test.group('A seller who may no longer sell', (group) => {
  eachInTransaction(group)

  test('deactivated: every product leaves sale at once, and comes back on activation', async ({
    client,
    assert,
  }) => {
    const setting = await sellerWithCustomer()
    const deactivated = await client
      .put(`/auth/${setting.seller.user.id}/deactivate`)
      .header('Authorization', setting.admin.authorization)
    deactivated.assertStatus(200)
    await assertOffSale(client, assert, setting)

    const activated = await client
      .put(`/auth/${setting.seller.user.id}/activate`)
      .header('Authorization', setting.admin.authorization)
    activated.assertStatus(200)
    await assertOnSale(client, assert, setting)
  })

  test('demoted to customer: products leave sale, and come back when made a seller again', async ({
    client,
    assert,
  }) => {
    const setting = await sellerWithCustomer()
    const demoted = await client
      .put(`/auth/${setting.seller.user.id}/change-user-type`)
      .header('Authorization', setting.admin.authorization)
      .json({ userType: UserType.CUSTOMER })
    demoted.assertStatus(200)
    await assertOffSale(client, assert, setting)

    const promoted = await client
      .put(`/auth/${setting.seller.user.id}/change-user-type`)
      .header('Authorization', setting.admin.authorization)
      .json({ userType: UserType.SELLER })
    promoted.assertStatus(200)
    await assertOnSale(client, assert, setting)
  })

  test('placement refuses in the stock update itself when the seller goes after the quote', async ({
    client,
    assert,
    cleanup,
  }) => {
    const setting = await sellerWithCustomer()
    // The quote has read the cart as on sale; the seller is deactivated before stock is taken.
    const quote = CheckoutService.prototype.quote
    CheckoutService.prototype.quote = async function (this: CheckoutService, ...args) {
      const priced = await quote.apply(this, args)
      const trx = args[2] as TransactionClientContract
      await trx.from('users').where('id', setting.seller.user.id).update({ is_active: false })
      return priced
    }
    cleanup(() => {
      CheckoutService.prototype.quote = quote
    })

    const placed = await client
      .post(PLACE)
      .header('Authorization', setting.customer.authorization)
      .json(checkoutBody(setting))
    expectProblem(assert, placed, 409, 'PRODUCT_UNAVAILABLE')
    assert.equal(await stockOf(setting.item.id), 10)
    assert.equal(await ordersOf(setting.customer.user), 0)
    const cart = await db.from('cart_items').where('user_id', setting.customer.user.id)
    assert.lengthOf(cart, 1)
  })
})
