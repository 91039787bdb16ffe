/*
| A day of a small marketplace, checked from the HTTP answers alone (docs/api/ledger.md, "The
| invariant"; docs/api/payouts.md): two shops at different commission rates, a coupon funded by
| the sellers, placements paid by bank transfer and in cash on delivery, a cancellation, partial
| refunds by an admin and by a seller, a return, deliveries, and two payout runs, the first before
| the hold period ended and the second after it. After every step, every order's identity and
| every shop's balance are read back through the API and must hold to the cent.
*/
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { UserType } from '#enums/user_type'
import { CouponFactory } from '#database/factories/coupon_factory'
import { actor } from '#tests/helpers/actors'
import { clockAt, stoppedClock } from '#tests/helpers/clock'
import { eachInTransaction } from '#tests/helpers/transactions'
import {
  fillCart,
  product,
  requestPlacement,
  sellerShop,
  seededMethod,
  shopper,
} from '#tests/functional/checkout/support'
import { as, moveOrder } from '#tests/functional/returns/support'

type Who = { authorization: string }

/** Decimal amounts of the API to integer cents. */
const cents = (amount: number) => Math.round(amount * 100)

/** Every page of a list route, by the API's paging. */
async function everyPage(client: ApiClient, who: Who, url: string) {
  const items: Array<Record<string, any>> = []
  for (;;) {
    const separator = url.includes('?') ? '&' : '?'
    const response = await as(
      client,
      who,
      'get',
      `${url}${separator}limit=100&offset=${items.length}`
    )
    response.assertStatus(200)
    const body = response.body()
    items.push(...body.items)
    if (items.length >= body.total || body.items.length === 0) return items
  }
}

/**
 * round-half-up(refunded × take ÷ total), halves away from zero: the marketplace's cumulative
 * share of an order's refunds as docs/api/ledger.md states it, in whole cents.
 */
function marketplaceShare(refunded: number, take: number, total: number) {
  if (total === 0) return 0
  const exact = BigInt(refunded) * BigInt(take)
  const magnitude = exact < 0n ? -exact : exact
  const rounded = Number((magnitude * 2n + BigInt(total)) / (BigInt(total) * 2n))
  return exact < 0n ? -rounded : rounded
}

test.group('A day of a small marketplace', (group) => {
  eachInTransaction(group)

  test('every order and every shop balances to the cent through placements, refunds, a return and two payout runs', async ({
    client,
    assert,
    cleanup,
  }) => {
    const start = stoppedClock(cleanup)
    const admin = await actor(UserType.ADMIN)
    const alpha = await sellerShop('Alpha Goods')
    const beta = await sellerShop('Beta Supplies')
    const shops = [alpha, beta]
    const standard = await seededMethod('Standard')

    // Alpha sells at its own 12.5 %; Beta at the default 10 %.
    const rate = await as(client, admin, 'put', `/api/v1/admin/shops/${alpha.shop.id}/commission`, {
      rate: 12.5,
    })
    rate.assertStatus(200)

    const lamp = await product(alpha.shop.id, 4_000, { name: 'Lamp', sku: 'LAMP-1' })
    const vase = await product(alpha.shop.id, 1_999, { name: 'Vase', sku: 'VASE-1' })
    const rug = await product(beta.shop.id, 7_333, { name: 'Rug', sku: 'RUG-1' })
    const coupon = await CouponFactory.merge({
      discountType: 'PERCENTAGE',
      discountValue: 1_500,
      fundedBy: 'SELLERS',
      usageLimit: 10,
    }).create()

    // Three customers: two shops with a sellers' coupon by bank transfer; cash on delivery at
    // Alpha; a Beta order cancelled before it was paid.
    const first = await shopper()
    await fillCart(first.user, [
      [lamp, 2],
      [vase, 3],
      [rug, 1],
    ])
    const placedFirst = await requestPlacement(client, first, standard, {
      paymentMethod: 'BANK_TRANSFER',
      couponCode: coupon.code,
    })
    placedFirst.assertStatus(201)
    const second = await shopper()
    await fillCart(second.user, [[vase, 2]])
    const placedSecond = await requestPlacement(client, second, standard, {
      paymentMethod: 'CASH_ON_DELIVERY',
    })
    placedSecond.assertStatus(201)
    const third = await shopper()
    await fillCart(third.user, [[rug, 2]])
    const placedThird = await requestPlacement(client, third, standard, {
      paymentMethod: 'BANK_TRANSFER',
    })
    placedThird.assertStatus(201)

    const orderOf = (body: Array<Record<string, any>>, shopId: string) =>
      body.find((order) => order.shopId === shopId)!.id as string
    const firstAlpha = orderOf(placedFirst.body(), alpha.shop.id)
    const firstBeta = orderOf(placedFirst.body(), beta.shop.id)
    const secondAlpha = orderOf(placedSecond.body(), alpha.shop.id)
    const thirdBeta = orderOf(placedThird.body(), beta.shop.id)
    const orderIds = [firstAlpha, firstBeta, secondAlpha, thirdBeta]

    /** Checks every identity of docs/api/ledger.md from what the API answers now. */
    async function everythingBalances(step: string) {
      const entries = new Map<string, Array<Record<string, any>>>()
      for (const { shop } of shops) {
        const listed = await everyPage(client, admin, `/api/v1/admin/shops/${shop.id}/ledger`)
        entries.set(shop.id, listed)
        const balance = await as(client, admin, 'get', `/api/v1/admin/shops/${shop.id}/balance`)
        balance.assertStatus(200)
        const sum = listed.reduce((total, entry) => total + cents(entry.amount), 0)
        assert.equal(
          sum,
          cents(balance.body().available) + cents(balance.body().pending),
          `${step}: ${shop.name}'s entries add up to available + pending`
        )
      }
      for (const orderId of orderIds) {
        const response = await as(client, admin, 'get', `/api/v1/admin/orders/${orderId}`)
        response.assertStatus(200)
        const order = response.body()
        const refunds = await as(client, admin, 'get', `/api/v1/admin/orders/${orderId}/refunds`)
        refunds.assertStatus(200)
        const refunded = (refunds.body() as Array<Record<string, any>>)
          .filter((row) => row.status === 'SUCCEEDED')
          .reduce((total, row) => total + cents(row.amount), 0)
        const ofOrder = entries.get(order.shopId)!.filter((entry) => entry.orderId === orderId)
        const sumOf = (type: string) =>
          ofOrder
            .filter((entry) => entry.type === type)
            .reduce((total, entry) => total + cents(entry.amount), 0)
        const cash = -sumOf('CASH_COLLECTED')
        const total = cents(order.total)
        // The marketplace's part exists once the order is paid; before, there is nothing to split.
        const take = cents(order.paidAmount) > 0 ? cents(order.marketplaceTake) : 0
        const received = cents(order.paidAmount) - cash
        const allEntries = ofOrder.reduce((total_, entry) => total_ + cents(entry.amount), 0)
        assert.equal(
          received - refunded,
          allEntries + take - marketplaceShare(refunded, take, total),
          `${step}: order ${order.orderNumber} balances`
        )
        assert.equal(
          cents(order.sellerEarning) + cents(order.marketplaceTake),
          total,
          `${step}: earning + take = total`
        )
      }
      return entries
    }

    await everythingBalances('placed')

    // Money in: the first customer's transfer recorded by an admin; the third cancels unpaid.
    for (const orderId of [firstAlpha, firstBeta]) {
      const paid = await as(
        client,
        admin,
        'put',
        `/api/v1/admin/orders/${orderId}/payment-status`,
        {
          paymentStatus: 'PAID',
        }
      )
      paid.assertStatus(200)
    }
    const cancelled = await as(client, third, 'post', `/api/v1/orders/${thirdBeta}/cancel`)
    cancelled.assertStatus(200)
    await everythingBalances('paid and cancelled')

    // Refunds: an admin gives back part of Alpha's order, Beta's seller part of its own.
    const adminRefund = await as(
      client,
      admin,
      'post',
      `/api/v1/admin/orders/${firstAlpha}/refunds`,
      {
        amount: 12.34,
        reason: 'A scratched lamp',
      }
    )
    adminRefund.assertStatus(201)
    const sellerRefund = await as(
      client,
      beta,
      'post',
      `/api/v1/seller/orders/${firstBeta}/refunds`,
      {
        amount: 7.01,
        reason: 'Late delivery',
      }
    )
    sellerRefund.assertStatus(201)
    await everythingBalances('refunded in part')

    // Deliveries, and the cash collected on delivery recorded by its seller.
    for (const [seller, orderId] of [
      [alpha, firstAlpha],
      [beta, firstBeta],
      [alpha, secondAlpha],
    ] as const) {
      for (const status of ['CONFIRMED', 'SHIPPED', 'DELIVERED']) {
        await moveOrder(client, seller, orderId, status)
      }
    }
    const cash = await as(
      client,
      alpha,
      'put',
      `/api/v1/seller/orders/${secondAlpha}/payment-status`,
      {
        paymentStatus: 'PAID',
      }
    )
    cash.assertStatus(200)
    await everythingBalances('delivered')

    // A return the next day: one vase back, received into stock, refunded automatically.
    clockAt(start.plus({ days: 1 }).toMillis())
    const requested = await as(client, first, 'post', `/api/v1/orders/${firstAlpha}/returns`, {
      items: [{ productId: vase.id, quantity: 1 }],
      reason: 'Wrong colour',
    })
    requested.assertStatus(201)
    const returnId = requested.body().id
    const approved = await as(client, alpha, 'post', `/api/v1/seller/returns/${returnId}/approve`)
    approved.assertStatus(200)
    const received = await as(client, alpha, 'post', `/api/v1/seller/returns/${returnId}/receive`, {
      restock: true,
    })
    received.assertStatus(200)
    assert.equal(received.body().status, 'REFUNDED')
    await everythingBalances('returned')

    // The first run, inside the hold period: nothing is available, so nobody is paid.
    const balancesBefore = async () =>
      Promise.all(
        shops.map(async ({ shop }) => {
          const response = await as(client, admin, 'get', `/api/v1/admin/shops/${shop.id}/balance`)
          return { shopId: shop.id, available: cents(response.body().available) }
        })
      )
    const early = await balancesBefore()
    const firstRun = await as(client, admin, 'post', '/api/v1/admin/payouts/run')
    firstRun.assertStatus(200)
    const paidEarly = (firstRun.body().payouts as Array<Record<string, any>>).filter((payout) =>
      shops.some(({ shop }) => shop.id === payout.shopId)
    )
    for (const payout of paidEarly) {
      const before = early.find((balance) => balance.shopId === payout.shopId)!
      assert.equal(cents(payout.amount), before.available)
    }
    for (const balance of early) {
      if (balance.available < 100) {
        assert.notInclude(
          paidEarly.map((payout) => payout.shopId),
          balance.shopId
        )
      }
    }
    await everythingBalances('first run')

    // Eight days after delivery the earnings are released: the second run pays each shop
    // exactly what it had available, and the admin marks the payouts paid.
    clockAt(start.plus({ days: 8 }).toMillis())
    const released = await balancesBefore()
    const secondRun = await as(client, admin, 'post', '/api/v1/admin/payouts/run')
    secondRun.assertStatus(200)
    const paidLater = (secondRun.body().payouts as Array<Record<string, any>>).filter((payout) =>
      shops.some(({ shop }) => shop.id === payout.shopId)
    )
    assert.lengthOf(paidLater, 2)
    for (const payout of paidLater) {
      const before = released.find((balance) => balance.shopId === payout.shopId)!
      assert.isAtLeast(before.available, 100)
      assert.equal(
        cents(payout.amount),
        before.available,
        'a payout is the whole available balance'
      )
      const paid = await as(client, admin, 'post', `/api/v1/admin/payouts/${payout.id}/paid`, {
        reference: `BANK-${payout.id.slice(0, 8)}`,
      })
      paid.assertStatus(200)
      assert.equal(paid.body().status, 'PAID')
    }
    for (const { shop } of shops) {
      const balance = await as(client, admin, 'get', `/api/v1/admin/shops/${shop.id}/balance`)
      assert.deepEqual(
        [cents(balance.body().available), cents(balance.body().pending)],
        [0, 0],
        `${shop.name} is paid out in full`
      )
    }
    const entries = await everythingBalances('second run')

    // The seller sees the same payouts and ledger as the admins.
    const sellerPayouts = await everyPage(client, alpha, '/api/v1/seller/payouts')
    assert.deepEqual(
      sellerPayouts.map((payout) => payout.id),
      paidLater.filter((payout) => payout.shopId === alpha.shop.id).map((payout) => payout.id)
    )
    const sellerLedger = await everyPage(client, alpha, '/api/v1/seller/ledger')
    assert.deepEqual(
      sellerLedger.map((entry) => entry.id),
      entries.get(alpha.shop.id)!.map((entry) => entry.id)
    )
  })
})
