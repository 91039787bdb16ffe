/*
| The refusals and faults of place-order that only a race or a misconfiguration reaches. Each race
| is injected, not hoped for: a collaborator of the placement is swapped in the container for one
| that changes the rows inside the request's own transaction, between two steps, exactly as a
| concurrent request that committed at that moment would have. The same test therefore runs on
| SQLite (one writer at a time) and on PostgreSQL.
*/
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import app from '@adonisjs/core/services/app'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { expectProblem } from '#tests/helpers/responses'
import { CouponFactory } from '#database/factories/coupon_factory'
import storeConfig from '#config/store'
import { sqlTime } from '#support/sql_time'
import type { Actor } from '#support/actor'
import { CheckoutService, type CheckoutInput } from '#services/checkout/checkout_service'
import {
  IdempotencyService,
  STALE_CLAIM_SECONDS,
  fingerprintOf,
} from '#services/checkout/idempotency_service'
import { OrderNumbers } from '#services/checkout/order_number'
import { NEW_KEYS_PER_MINUTE } from '#services/checkout/order_placement_service'
import {
  deletedAfterEach,
  fillCart,
  postAs,
  product,
  seededMethod,
  sellerShop,
  shopper,
  tally,
  twoShopCart,
} from '#tests/functional/checkout/support'
import { eachInTransaction } from '#tests/helpers/transactions'

const PLACE = '/api/v1/checkout/place-order'
const SUMMARY = '/api/v1/checkout/summary'

type Meanwhile = (trx: TransactionClientContract) => Promise<unknown>

/** Prices the cart as usual, then lets "another request" change the rows before stock is taken. */
function changeAfterQuote(meanwhile: Meanwhile) {
  class ChangedAfterQuote extends CheckoutService {
    async quote(actor: Actor, input: CheckoutInput, trx?: TransactionClientContract) {
      const quote = await super.quote(actor, input, trx)
      if (trx) await meanwhile(trx)
      return quote
    }
  }
  app.container.swap(CheckoutService, (resolver) => resolver.make(ChangedAfterQuote))
}

/** Order numbers from a script first, then fresh random ones; counts how many were asked for. */
function scriptedOrderNumbers(script: Array<string | Error>) {
  const asked = { count: 0 }
  class Scripted extends OrderNumbers {
    next() {
      const scripted = script[asked.count++]
      if (scripted instanceof Error) throw scripted
      return scripted ?? super.next()
    }
  }
  app.container.swap(OrderNumbers, () => new Scripted())
  return asked
}

/** A cart over two shops (3 products), a 10.00 coupon with 5 uses, and the body to place it. */
async function readyToPlace() {
  const cart = await twoShopCart()
  const coupon = await CouponFactory.merge({ usageLimit: 5, discountValue: 1000 }).create()
  const body = {
    shippingAddressId: cart.customer.address.id,
    shippingMethodId: cart.standard.id,
    paymentMethod: 'CREDIT_CARD',
    couponCode: coupon.code,
    idempotencyKey: `key-${randomUUID()}`,
  }
  return { ...cart, coupon, body }
}

type Ready = Awaited<ReturnType<typeof readyToPlace>>

/** What a placement by this customer would have written or changed, read from their rows only. */
async function footprintOf({ customer, mug, spoon, tea, coupon }: Ready) {
  const userId = customer.user.id
  const stock = await db
    .from('products')
    .join('product_variants', 'product_variants.product_id', 'products.id')
    .whereIn('products.id', [mug.id, spoon.id, tea.id])
    .orderBy('products.name')
    .select('products.name', 'product_variants.stock', 'products.is_active')
  const couponRow = await db.from('coupons').where('id', coupon.id).firstOrFail()
  const orders = await db.from('orders').where('user_id', userId).select('id')
  const orderIds = orders.map((row) => row.id)
  const items = await db.from('order_items').whereIn('order_id', orderIds)
  const history = await db.from('order_status_history').whereIn('order_id', orderIds)
  const checkouts = await db.from('checkouts').where('user_id', userId)
  const keys = await db.from('idempotency_keys').where('user_id', userId)
  const mails = await db.from('outbox_messages').whereLike('payload', `%${customer.user.email}%`)
  const cart = await db.from('cart_items').where('user_id', userId).orderBy('product_id')
  return {
    orders: orderIds.length,
    items: items.length,
    history: history.length,
    checkouts: checkouts.length,
    keys: keys.length,
    mails: mails.length,
    cart: cart.map((row) => `${row.product_id}:${row.quantity}`).join(','),
    stock: stock.map((row) => `${row.name}:${row.stock}:${Boolean(row.is_active)}`),
    couponUses: Number(couponRow.usage_count),
  }
}

function place(client: ApiClient, ready: Ready, body: Record<string, unknown> = ready.body) {
  return postAs(client, PLACE, ready.customer, body)
}

/**
 * Places the ready cart while `meanwhile` changes the rows after the quote; asserts the refusal
 * and that the placement left this customer's rows as they were. Returns the problem.
 */
async function refusedWhen(
  client: ApiClient,
  assert: Assert,
  ready: Ready,
  meanwhile: Meanwhile,
  [status, code]: readonly [number, string]
) {
  const before = await footprintOf(ready)
  changeAfterQuote(meanwhile)
  const problem = expectProblem(assert, await place(client, ready), status, code)
  assert.deepEqual(await footprintOf(ready), before)
  return problem
}

/** The idempotency key, as `meanwhile` leaves it, is completed: a concurrent takeover or release. */
function beforeComplete(meanwhile: (claimId: string, trx: TransactionClientContract) => unknown) {
  class ChangedBeforeComplete extends IdempotencyService {
    async complete(
      claim: { id: string; token: string },
      checkoutId: string,
      trx: TransactionClientContract
    ) {
      await meanwhile(claim.id, trx)
      return super.complete(claim, checkoutId, trx)
    }
  }
  app.container.swap(IdempotencyService, () => new ChangedBeforeComplete())
}

/** Another request judged the claim stale and took it over. */
function takenOverBeforeComplete() {
  beforeComplete((claimId, trx) =>
    trx.from('idempotency_keys').where('id', claimId).update({ claim_token: randomUUID() })
  )
}

function cartLine(trx: TransactionClientContract, ready: Ready, productId: string) {
  return trx
    .from('cart_items')
    .where('user_id', ready.customer.user.id)
    .where('product_id', productId)
}

/** A change another request commits between the quote and the stock update, and its refusal. */
interface Race {
  title: string
  change: (trx: TransactionClientContract, ready: Ready) => Promise<unknown>
  refusal: readonly [number, string]
  detail: string
}

function summarize(client: ApiClient, ready: Ready) {
  return postAs(client, SUMMARY, ready.customer, ready.body)
}

test.group('Place-order: a product changes between the quote and the stock update', (group) => {
  eachInTransaction(group)
  group.each.teardown(() => app.container.restoreAll())

  test('sold down meanwhile: 422 INSUFFICIENT_STOCK, nothing taken or written, key free', async ({
    client,
    assert,
  }) => {
    const ready = await readyToPlace()
    // The quote saw 100 mugs; another checkout leaves 1 for a cart that holds 2.
    const problem = await refusedWhen(
      client,
      assert,
      ready,
      (trx) => trx.from('product_variants').where('id', ready.mug.id).update({ stock: 1 }),
      [422, 'INSUFFICIENT_STOCK']
    )
    assert.equal(problem.detail, 'Only 1 of "Mug" in stock; the cart holds 2')

    // The key was released: once the race is over, the same request goes through.
    app.container.restoreAll()
    const retried = await place(client, ready)
    retried.assertStatus(201)
    assert.isUndefined(retried.header('idempotent-replayed'))
    const { orders } = await footprintOf(ready)
    assert.equal(orders, 2)
  })

  test('exactly enough left meanwhile: the order takes the last units', async ({
    client,
    assert,
  }) => {
    const ready = await readyToPlace()
    changeAfterQuote((trx) =>
      trx.from('product_variants').where('id', ready.tea.id).update({ stock: 3 })
    )

    const placed = await place(client, ready)

    placed.assertStatus(201)
    const after = await footprintOf(ready)
    assert.deepEqual(after.stock, ['Mug:98:true', 'Spoon:99:true', 'Tea:0:true'])
    const checkout = await db.from('checkouts').where('user_id', ready.customer.user.id).first()
    assert.deepEqual(
      [checkout.coupon_id, checkout.coupon_code],
      [ready.coupon.id, ready.coupon.code]
    )
    assert.equal(after.couponUses, 1)
    assert.equal(after.cart, '')
  })

  test('{title}')
    .with([
      {
        title: 'sold out meanwhile: the stock condition refuses, never a negative stock',
        change: (trx, ready) =>
          trx.from('product_variants').where('id', ready.tea.id).update({ stock: 0 }),
        refusal: [422, 'INSUFFICIENT_STOCK'],
        detail: 'Only 0 of "Tea" in stock; the cart holds 3',
      },
      {
        title: 'taken off sale meanwhile: 409 PRODUCT_UNAVAILABLE, nothing written',
        change: (trx, ready) =>
          trx.from('products').where('id', ready.spoon.id).update({ is_active: false }),
        refusal: [409, 'PRODUCT_UNAVAILABLE'],
        detail: '"Spoon" is no longer available',
      },
      {
        title: 'deleted meanwhile: 409 PRODUCT_UNAVAILABLE, nothing written',
        change: (trx, ready) =>
          trx
            .from('products')
            .where('id', ready.mug.id)
            .update({ deleted_at: trx.knexRawQuery('CURRENT_TIMESTAMP') }),
        refusal: [409, 'PRODUCT_UNAVAILABLE'],
        detail: '"Mug" is no longer available',
      },
      {
        title: 'its shop suspended meanwhile: 409 PRODUCT_UNAVAILABLE, nothing written',
        change: (trx, ready) =>
          trx.from('shops').where('id', ready.second.shop.id).update({ status: 'SUSPENDED' }),
        refusal: [409, 'PRODUCT_UNAVAILABLE'],
        detail: '"Tea" is no longer available',
      },
      {
        title: 'its seller deactivated meanwhile: 409 PRODUCT_UNAVAILABLE, nothing written',
        change: (trx, ready) =>
          trx.from('users').where('id', ready.second.user.id).update({ is_active: false }),
        refusal: [409, 'PRODUCT_UNAVAILABLE'],
        detail: '"Tea" is no longer available',
      },
      {
        title: 'the cart changed meanwhile (another tab): 409 CART_CHANGED, nothing written',
        change: (trx, ready) => cartLine(trx, ready, ready.tea.id).update({ quantity: 4 }),
        refusal: [409, 'CART_CHANGED'],
        detail: 'Your cart changed while the order was being placed; review it and try again',
      },
      {
        title: 'a line removed meanwhile is a changed cart too',
        change: (trx, ready) => cartLine(trx, ready, ready.spoon.id).delete(),
        refusal: [409, 'CART_CHANGED'],
        detail: 'Your cart changed while the order was being placed; review it and try again',
      },
    ] satisfies Race[])
    .run(async ({ client, assert }, race) => {
      const ready = await readyToPlace()
      const problem = await refusedWhen(
        client,
        assert,
        ready,
        (trx) => race.change(trx, ready),
        race.refusal
      )
      assert.equal(problem.detail, race.detail)
    })
})

test.group('Place-order: stock is taken in product-id order', (group) => {
  eachInTransaction(group)
  group.each.teardown(() => app.container.restoreAll())

  /**
   * Three products a < b < c (by id) in the cart in the order b, c, a, and the ones in `soldOut`
   * sold out after the quote: the refusal names the first of them in id order, the order in
   * which every placement takes stock (so two placements never wait on each other in a cycle).
   */
  async function firstRefused(client: ApiClient, assert: Assert, soldOut: Array<'a' | 'b' | 'c'>) {
    const customer = await shopper()
    const seller = await sellerShop()
    const made = [
      await product(seller.shop.id, 100, { name: 'Item 100' }),
      await product(seller.shop.id, 200, { name: 'Item 200' }),
      await product(seller.shop.id, 300, { name: 'Item 300' }),
    ].sort((left, right) => (left.id < right.id ? -1 : 1))
    const [a, b, c] = made
    await fillCart(customer.user, [
      [b, 1],
      [c, 1],
      [a, 1],
    ])
    const byLetter = { a, b, c }
    changeAfterQuote((trx) =>
      trx
        .from('product_variants')
        .whereIn(
          'id',
          soldOut.map((letter) => byLetter[letter].id)
        )
        .update({ stock: 0 })
    )
    const standard = await seededMethod('Standard')
    const response = await postAs(client, PLACE, customer, {
      shippingAddressId: customer.address.id,
      shippingMethodId: standard.id,
      paymentMethod: 'PAYPAL',
      idempotencyKey: `key-${randomUUID()}`,
    })
    const problem = expectProblem(assert, response, 422, 'INSUFFICIENT_STOCK')
    const named = made.find((item) => problem.detail.includes(`"${item.name}"`))
    return named === a ? 'a' : named === b ? 'b' : 'c'
  }

  test('a and c sold out: a is refused first, not c (the cart order)', async ({
    client,
    assert,
  }) => {
    assert.equal(await firstRefused(client, assert, ['a', 'c']), 'a')
  })

  test('b and c sold out: b is refused first, not c', async ({ client, assert }) => {
    assert.equal(await firstRefused(client, assert, ['b', 'c']), 'b')
  })
})

test.group('Place-order: order-number clashes', (group) => {
  eachInTransaction(group)
  group.each.teardown(() => app.container.restoreAll())

  /** The number of an order placed earlier by another customer. */
  async function takenNumber(client: ApiClient) {
    const earlier = await readyToPlace()
    const placed = await place(client, earlier)
    placed.assertStatus(201)
    const [first] = placed.body() as Array<{ orderNumber: string }>
    return first.orderNumber
  }

  test('a clash is retried with a fresh number, twice at most, and the order is placed', async ({
    client,
    assert,
  }) => {
    const taken = await takenNumber(client)
    const ready = await readyToPlace()
    const asked = scriptedOrderNumbers([taken, taken, 'ORD-20260101-AAAAAAAAAA'])

    const placed = await place(client, ready)

    placed.assertStatus(201)
    const numbers = placed.body().map((order: { orderNumber: string }) => order.orderNumber)
    assert.equal(numbers[0], 'ORD-20260101-AAAAAAAAAA')
    assert.notEqual(numbers[1], taken)
    // Two clashes and a success for the first order, one number for the second.
    assert.equal(asked.count, 4)
    assert.lengthOf(await db.from('orders').where('order_number', taken), 1)
    const { orders } = await footprintOf(ready)
    assert.equal(orders, 2)
  })

  test('a third clash in a row gives up: a 500 with nothing placed and the key free', async ({
    client,
    assert,
  }) => {
    const taken = await takenNumber(client)
    const ready = await readyToPlace()
    const before = await footprintOf(ready)
    const asked = scriptedOrderNumbers([taken, taken, taken, 'ORD-20260101-BBBBBBBBBB'])

    const failed = await place(client, ready)

    const problem = expectProblem(assert, failed, 500, 'INTERNAL_ERROR')
    assert.equal(problem.detail, 'An unexpected error occurred')
    assert.equal(asked.count, 3)
    assert.deepEqual(await footprintOf(ready), before)
  })

  test('any other failure while writing the order is not retried', async ({ client, assert }) => {
    const ready = await readyToPlace()
    const before = await footprintOf(ready)
    const asked = scriptedOrderNumbers([new Error('number service down')])

    expectProblem(assert, await place(client, ready), 500, 'INTERNAL_ERROR')
    assert.equal(asked.count, 1)
    assert.deepEqual(await footprintOf(ready), before)
  })
})

test.group('Place-order: the claim is taken over while the orders are written', (group) => {
  eachInTransaction(group)
  group.each.teardown(() => app.container.restoreAll())

  test('completing a key taken over meanwhile fails: 409, nothing placed twice', async ({
    client,
    assert,
  }) => {
    const ready = await readyToPlace()
    const before = await footprintOf(ready)
    takenOverBeforeComplete()

    expectProblem(assert, await place(client, ready), 409, 'IDEMPOTENCY_IN_PROGRESS')
    assert.deepEqual(await footprintOf(ready), before)
  })

  test('completing a key released meanwhile fails too', async ({ client, assert }) => {
    const ready = await readyToPlace()
    const before = await footprintOf(ready)
    beforeComplete((claimId, trx) => trx.from('idempotency_keys').where('id', claimId).delete())

    expectProblem(assert, await place(client, ready), 409, 'IDEMPOTENCY_IN_PROGRESS')
    assert.deepEqual(await footprintOf(ready), before)
  })
})

test.group('Checkout with a misconfigured default tax rate', (group) => {
  eachInTransaction(group)
  group.each.setup(() => {
    const configured = storeConfig.defaultTaxRate
    return () => {
      storeConfig.defaultTaxRate = configured
    }
  })

  test('a rate outside 0..100 fails loudly: a bare 500, never a wrong tax', async ({
    client,
    assert,
  }) => {
    const ready = await readyToPlace()
    // No rate covers this destination, so the default applies.
    await db
      .from('shipping_addresses')
      .where('id', ready.customer.address.id)
      .update({ country: 'NZ', state: null })
    const before = await footprintOf(ready)

    for (const rate of [100.001, -0.001, Number.NaN]) {
      storeConfig.defaultTaxRate = rate
      const summary = await summarize(client, ready)
      const problem = expectProblem(assert, summary, 500, 'INTERNAL_ERROR')
      assert.notInclude(JSON.stringify(problem), 'DEFAULT_TAX_RATE')
      expectProblem(assert, await place(client, ready), 500, 'INTERNAL_ERROR')
      assert.deepEqual(await footprintOf(ready), before)
    }

    // The bounds themselves are valid rates.
    for (const [rate, taxOnFirstOrder] of [
      [100, 20.1],
      [0, 0],
    ] as const) {
      storeConfig.defaultTaxRate = rate
      const summary = await summarize(client, ready)
      summary.assertStatus(200)
      const { orders } = summary.body() as { orders: Array<{ taxAmount: number }> }
      assert.equal(orders[0].taxAmount, taxOnFirstOrder)
    }
  })
})

test.group('Place-order: refused after writing, with real commits', (group) => {
  // No global transaction: every statement of the placement must go through its own transaction,
  // or its rows outlive the rollback (PostgreSQL) or wait for a connection forever (SQLite).
  const { userIds, couponIds } = deletedAfterEach(group)
  group.each.teardown(() => app.container.restoreAll())

  async function committedCart() {
    const ready = await readyToPlace()
    userIds.push(ready.customer.user.id, ready.first.user.id, ready.second.user.id)
    couponIds.push(ready.coupon.id)
    return ready
  }

  test('taken over just before complete: no order, item, history, checkout or mail is left', async ({
    client,
    assert,
  }) => {
    const ready = await committedCart()
    const before = await footprintOf(ready)
    takenOverBeforeComplete()

    expectProblem(assert, await place(client, ready), 409, 'IDEMPOTENCY_IN_PROGRESS')
    assert.deepEqual(await footprintOf(ready), before)
    const sellerMails = await db
      .from('outbox_messages')
      .whereLike('payload', `%${ready.first.user.email}%`)
    assert.lengthOf(sellerMails, 0)
  })

  test('sold out meanwhile: refused, and the stock is as it was', async ({ client, assert }) => {
    const ready = await committedCart()
    await refusedWhen(
      client,
      assert,
      ready,
      (trx) => trx.from('product_variants').where('id', ready.spoon.id).update({ stock: 0 }),
      [422, 'INSUFFICIENT_STOCK']
    )
  })
})

test.group('Place-order: the claim goes with a refused placement', (group) => {
  eachInTransaction(group)

  test('the client gets the refusal and the key is free at once: nothing to release', async ({
    client,
    assert,
  }) => {
    const ready = await readyToPlace()
    await db.from('cart_items').where('user_id', ready.customer.user.id).delete()

    expectProblem(assert, await place(client, ready), 422, 'EMPTY_CART')
    const keys = await db.from('idempotency_keys').where('user_id', ready.customer.user.id)
    assert.lengthOf(keys, 0)
  })
})

test.group('Place-order: the new-key allowance', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())
  group.each.teardown(() => app.container.restoreAll())

  /** Places with `count` fresh keys and tallies the answers. */
  async function newKeys(client: ApiClient, ready: Ready, count: number) {
    const responses = []
    for (let index = 0; index < count; index++) {
      responses.push(
        await place(client, ready, { ...ready.body, idempotencyKey: `key-${randomUUID()}` })
      )
    }
    return tally(responses)
  }

  test('a known key, replayed or reused, takes nothing from the allowance', async ({
    client,
    assert,
  }) => {
    const ready = await readyToPlace()
    const placed = await place(client, ready)
    placed.assertStatus(201)
    const replayed = await place(client, ready)
    assert.equal(replayed.header('idempotent-replayed'), 'true')
    expectProblem(
      assert,
      await place(client, ready, { ...ready.body, notes: 'changed' }),
      422,
      'IDEMPOTENCY_KEY_REUSED'
    )
    // The cart is empty now: each new key is claimed, counted and refused with EMPTY_CART.
    assert.deepEqual(await newKeys(client, ready, NEW_KEYS_PER_MINUTE), {
      '422 EMPTY_CART': NEW_KEYS_PER_MINUTE - 1,
      '429 TOO_MANY_REQUESTS': 1,
    })
  })

  test('refused by the allowance, the claim is given back: the key is free once it allows', async ({
    client,
    assert,
  }) => {
    const ready = await readyToPlace()
    await db.from('cart_items').where('user_id', ready.customer.user.id).delete()
    assert.deepEqual(await newKeys(client, ready, NEW_KEYS_PER_MINUTE), {
      '422 EMPTY_CART': NEW_KEYS_PER_MINUTE,
    })
    const refused = await place(client, ready)
    expectProblem(assert, refused, 429, 'TOO_MANY_REQUESTS')
    const keys = await db
      .from('idempotency_keys')
      .where('user_id', ready.customer.user.id)
      .where('key', ready.body.idempotencyKey)
    assert.lengthOf(keys, 0)

    await limiter.clear()
    expectProblem(assert, await place(client, ready), 422, 'EMPTY_CART')
  })

  test('taking over a stale claim is not a new key', async ({ client, assert }) => {
    const ready = await readyToPlace()
    await db.from('cart_items').where('user_id', ready.customer.user.id).delete()
    // A claim on the key by a request that died three minutes ago, for this very body.
    const stale = sqlTime(DateTime.now().minus({ seconds: STALE_CLAIM_SECONDS + 60 }))
    await db.table('idempotency_keys').insert({
      id: randomUUID(),
      user_id: ready.customer.user.id,
      key: ready.body.idempotencyKey,
      fingerprint: fingerprintOf({
        shippingAddressId: ready.body.shippingAddressId,
        shippingMethodId: ready.body.shippingMethodId,
        paymentMethod: ready.body.paymentMethod,
        couponCode: ready.body.couponCode.toUpperCase(),
        notes: null,
      }),
      status: 'IN_PROGRESS',
      claim_token: randomUUID(),
      claimed_at: stale,
      created_at: stale,
      updated_at: stale,
    })
    assert.deepEqual(await newKeys(client, ready, NEW_KEYS_PER_MINUTE), {
      '422 EMPTY_CART': NEW_KEYS_PER_MINUTE,
    })
    expectProblem(assert, await place(client, ready), 422, 'EMPTY_CART')
  })
})
