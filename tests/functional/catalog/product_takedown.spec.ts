import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { UserType } from '#enums/user_type'
import Product from '#models/product'
import AdminAction from '#models/admin_action'
import type User from '#models/user'
import { CheckoutService } from '#services/checkout/checkout_service'
import { expectProblem } from '#tests/helpers/responses'
import { consoleAs, type ConsoleVisitor } from '#tests/functional/console/support'
import {
  fillCart,
  product,
  seededMethod,
  sellerShop,
  shopper,
} from '#tests/functional/checkout/support'
import { minutesAgo, stored } from '#tests/functional/catalog/support'
import { ProductFactory, type ProductSeed } from '#database/factories/product_factory'
import {
  CONVERTED_REASON,
  convertConsoleDeactivations,
} from '#database/migrations/1763800800001_product_takedowns'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { formAction } from '#tests/helpers/routes'

const PLACE = '/api/v1/checkout/place-order'
const SUMMARY = '/api/v1/checkout/summary'
const REASON = 'Counterfeit of a registered brand.'

/** A seller's product (stock 10) already in a customer's cart, and an administrator's console. */
async function sellerWithCustomer(admin: ConsoleVisitor) {
  const seller = await sellerShop('Seller Goods')
  const item = await product(seller.shop.id, 1250, { name: 'Kettle', stock: 10 })
  const customer = await shopper()
  await fillCart(customer.user, [[item, 2]])
  const standard = await seededMethod('Standard')
  return { seller, item, customer, admin, standard }
}

type Setting = Awaited<ReturnType<typeof sellerWithCustomer>>

/** The administrator takes the product down in the console, with `REASON`. */
async function takeDown({ admin, item }: Setting) {
  const flash = await admin.submit(
    formAction('console.products.take_down', { id: item.id }),
    urlFor('console.products.confirm_take_down', { id: item.id }),
    urlFor('console.products.index'),
    { reason: REASON }
  )
  return flash.success as string
}

/** The administrator restores the product from the console's list. */
async function restore({ admin, item }: Setting) {
  const flash = await admin.submit(
    formAction('console.products.restore', { id: item.id }),
    urlFor('console.products.index'),
    urlFor('console.products.index')
  )
  return flash.success as string
}

/** The seller's `PUT /api/v1/seller/products/{id}` with `body`. */
function sellerUpdate(client: ApiClient, { seller, item }: Setting, body: object) {
  return client
    .put(`/api/v1/seller/products/${item.id}`)
    .header('Authorization', seller.authorization)
    .json(body)
}

/** The stored takedown and seller's switch of the product. */
async function storedState(productId: string) {
  const row = await Product.findOrFail(productId)
  return {
    isActive: row.isActive,
    takenDownAt: row.takenDownAt?.toUTC().toISO() ?? null,
    takedownReason: row.takedownReason,
  }
}

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

/** Every door a sale goes through answers "not on sale", and nothing was sold. */
async function assertOffSale(client: ApiClient, assert: Assert, setting: Setting) {
  const { item, customer, seller } = setting
  expectProblem(assert, await client.get(`/api/v1/products/${item.id}`), 404, 'PRODUCT_NOT_FOUND')
  const listed = await client.get('/api/v1/products').qs({ shopId: seller.shop.id })
  assert.deepEqual(listed.body().items, [])

  const cart = await client.get('/api/v1/cart').header('Authorization', customer.authorization)
  assert.deepEqual(
    cart.body().items.map((line: { available: boolean }) => line.available),
    [false]
  )
  const added = await client
    .post('/api/v1/cart/items')
    .header('Authorization', customer.authorization)
    .json({ productId: item.id, quantity: 1 })
  expectProblem(assert, added, 409, 'PRODUCT_UNAVAILABLE')

  for (const path of [SUMMARY, PLACE]) {
    const refused = await client
      .post(path)
      .header('Authorization', customer.authorization)
      .json(checkoutBody(setting))
    expectProblem(assert, refused, 409, 'PRODUCT_UNAVAILABLE')
  }

  assert.equal(await stockOf(item.id), 10)
  assert.equal(await ordersOf(customer.user), 0)
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

test.group('A takedown its seller cannot undo', (group) => {
  eachInTransaction(group)

  test('the seller switching the product off and on again leaves it off sale until an administrator restores it', async ({
    client,
    assert,
  }) => {
    const setting = await sellerWithCustomer(await consoleAs(UserType.ADMIN, { client, assert }))
    assert.equal(await takeDown(setting), 'Kettle is taken down: it left the catalog.')
    const takenDown = await storedState(setting.item.id)
    assert.isString(takenDown.takenDownAt)

    const off = await sellerUpdate(client, setting, { isActive: false })
    off.assertStatus(200)
    // The takedown's own fields in the body are not the seller's to send: they are ignored.
    const on = await sellerUpdate(client, setting, {
      isActive: true,
      takenDown: false,
      takenDownAt: null,
      takedownReason: null,
    })
    on.assertStatus(200)
    assert.containsSubset(on.body(), {
      id: setting.item.id,
      isActive: true,
      takenDown: true,
      takenDownAt: takenDown.takenDownAt,
      takedownReason: REASON,
    })
    assert.deepEqual(await storedState(setting.item.id), {
      isActive: true,
      takenDownAt: takenDown.takenDownAt,
      takedownReason: REASON,
    })
    await assertOffSale(client, assert, setting)

    assert.equal(await restore(setting), 'Kettle is restored.')
    assert.deepEqual(await storedState(setting.item.id), {
      isActive: true,
      takenDownAt: null,
      takedownReason: null,
    })
    await assertOnSale(client, assert, setting)

    const entries = await AdminAction.query()
      .where('target_id', setting.item.id)
      .orderBy('created_at', 'asc')
      .orderBy('action', 'desc')
    assert.deepEqual(
      entries.map((entry) => [entry.action, entry.actorId]),
      [
        ['product.taken_down', setting.admin.user.id],
        ['product.restored', setting.admin.user.id],
      ]
    )
  })

  test('the seller sees the takedown and its reason on each of their product routes', async ({
    client,
    assert,
  }) => {
    const setting = await sellerWithCustomer(await consoleAs(UserType.ADMIN, { client, assert }))
    const { seller, item } = setting
    const show = async () => {
      const response = await client
        .get(`/api/v1/seller/products/${item.id}`)
        .header('Authorization', seller.authorization)
      return response.body()
    }
    const listed = async () => {
      const response = await client
        .get('/api/v1/seller/products')
        .header('Authorization', seller.authorization)
      return response.body().items
    }
    const notTakenDown = { takenDown: false, takenDownAt: null, takedownReason: null }

    assert.containsSubset(await show(), notTakenDown)
    assert.containsSubset(await listed(), [{ id: item.id, ...notTakenDown }])
    const created = await client
      .post('/api/v1/seller/products')
      .header('Authorization', seller.authorization)
      .json({ shopId: seller.shop.id, name: 'Teapot', sku: 'POT-1', price: 20, stock: 3 })
    created.assertStatus(201)
    assert.containsSubset(created.body(), notTakenDown)

    await takeDown(setting)
    const { takenDownAt } = await storedState(item.id)
    const shown = { takenDown: true, takenDownAt, takedownReason: REASON }
    assert.containsSubset(await show(), { isActive: true, ...shown })
    assert.containsSubset(await listed(), [{ id: item.id, ...shown }])

    await restore(setting)
    assert.containsSubset(await show(), notTakenDown)
  })

  test('placement refuses in the stock update itself when the product is taken down after the quote', async ({
    client,
    assert,
    cleanup,
  }) => {
    const setting = await sellerWithCustomer(await consoleAs(UserType.ADMIN, { client, assert }))
    // The quote has read the cart as on sale; the product is taken down before stock is taken.
    const quote = CheckoutService.prototype.quote
    CheckoutService.prototype.quote = async function (this: CheckoutService, ...args) {
      const priced = await quote.apply(this, args)
      const trx = args[2] as TransactionClientContract
      await trx
        .from('products')
        .where('id', setting.item.id)
        .update({ taken_down_at: stored(minutesAgo(0)), takedown_reason: REASON })
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

test.group('Console deactivations made before takedowns', (group) => {
  eachInTransaction(group)

  /** A console entry about `productId`, `minutes` ago. */
  async function entry(actor: User, productId: string, action: string, minutes: number) {
    // Whole seconds, as SQLite keeps them, so both databases hand back the same instant.
    const at = minutesAgo(minutes).startOf('second')
    await db.table('admin_actions').insert({
      id: randomUUID(),
      actor_id: actor.id,
      action,
      target_type: 'product',
      target_id: productId,
      changes: JSON.stringify({ before: null, after: null }),
      client_address: null,
      created_at: stored(at),
    })
    return at
  }

  test('become takedowns when still in force; everything else is left as it is', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { shop } = await sellerShop()
    const make = (overrides: Partial<ProductSeed> = {}) =>
      ProductFactory.merge({ shopId: shop.id, ...overrides }).create()
    const deactivated = await make({ isActive: false })
    const reactivated = await make({ isActive: false })
    const putBackBySeller = await make({ isActive: true })
    const deletedSince = await make({ isActive: false, deletedAt: minutesAgo(1) })
    const offBySeller = await make({ isActive: false })

    const at = await entry(admin.user, deactivated.id, 'product.deactivated', 30)
    await entry(admin.user, reactivated.id, 'product.deactivated', 30)
    await entry(admin.user, reactivated.id, 'product.activated', 20)
    await entry(admin.user, putBackBySeller.id, 'product.deactivated', 30)
    await entry(admin.user, deletedSince.id, 'product.deactivated', 30)

    const unchanged = [reactivated, putBackBySeller, deletedSince, offBySeller]
    const before = await Promise.all(unchanged.map((row) => storedState(row.id)))
    assert.isAtLeast(await convertConsoleDeactivations(db.connection()), 1)

    const converted = await Product.findOrFail(deactivated.id)
    assert.isTrue(converted.isActive)
    assert.equal(converted.takenDownAt?.toMillis(), at.toMillis())
    assert.equal(converted.takedownReason, CONVERTED_REASON)
    assert.deepEqual(await Promise.all(unchanged.map((row) => storedState(row.id))), before)

    // Run again, it finds nothing more to convert.
    assert.equal(await convertConsoleDeactivations(db.connection()), 0)
  })
})
