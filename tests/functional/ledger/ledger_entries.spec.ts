/*
| The ledger's entries written with their causes (docs/api/ledger.md): an order paid by hand
| earns its seller, cash on delivery takes the total back, each refund takes the seller's share,
| a card capture earns through the Stripe stand-in; the identity of every order holds to the
| cent; the seller's and the admins' views of balances and ledgers; admins' adjustments.
*/
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { UserType } from '#enums/user_type'
import app from '@adonisjs/core/services/app'
import OrderStatusHistory from '#models/order_status_history'
import { LedgerService } from '#services/ledger/ledger_service'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'
import { placedCheckout } from '#tests/functional/orders/support'
import {
  entriesOf,
  markPaid,
  orderIdentity,
  orderMoneyRow,
  refund,
} from '#tests/functional/ledger/support'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const adminLedger = (shopId: string) => `/api/v1/admin/shops/${shopId}/ledger`
const adminBalance = (shopId: string) => `/api/v1/admin/shops/${shopId}/balance`
const adjustments = (shopId: string) => `/api/v1/admin/shops/${shopId}/ledger/adjustments`

test.group('Ledger entries of an order', (group) => {
  eachInTransaction(group)

  test('money recorded by hand earns the seller; partial refunds take its shares; a full refund leaves 0', async ({
    client,
    assert,
  }) => {
    const { orders } = await placedCheckout('BANK_TRANSFER')
    const order = orders[0]
    const money = await orderMoneyRow(order.id)
    assert.deepEqual(await entriesOf(order.shopId), [])

    await markPaid(client, order.id)
    assert.deepEqual(await entriesOf(order.shopId), [
      { type: 'ORDER_EARNING', cents: money.sellerEarning, orderId: order.id, refundId: null },
    ])

    // 25.10 paid, take −2.85: three refunds of 8.37, 8.37 and 8.36.
    const cuts = [837, 837, 836]
    for (const cents of cuts) {
      await refund(client, order.id, cents)
      const identity = await orderIdentity(order.id)
      assert.equal(identity.left, identity.right)
    }
    const entries = await entriesOf(order.shopId)
    assert.deepEqual(
      entries.map((entry) => entry.type),
      ['ORDER_EARNING', 'REFUND', 'REFUND', 'REFUND']
    )
    const refunds = await db.from('refunds').where('order_id', order.id).orderBy('position')
    assert.deepEqual(
      entries.slice(1).map((entry) => entry.refundId),
      refunds.map((row) => row.id)
    )
    // −2.85 × 8.37 / 25.10 = −0.9504 → −0.95; of 16.74: −1.9007 → −1.90; of 25.10: −2.85.
    assert.deepEqual(
      entries.slice(1).map((entry) => entry.cents),
      [-(837 + 95), -(837 + 95), -(836 + 95)]
    )
    const final = await orderIdentity(order.id)
    assert.equal(final.sellerLeft, 0)
    assert.equal(final.marketplaceLeft, 0)
  })

  test('cash on delivery: the earning and the cash, the balance down by the take at once', async ({
    client,
    assert,
  }) => {
    const { orders, first } = await placedCheckout('CASH_ON_DELIVERY')
    const order = orders[0]
    const money = await orderMoneyRow(order.id)
    const recorded = await client
      .put(`/api/v1/seller/orders/${order.id}/payment-status`)
      .header('Authorization', first.authorization)
      .json({ paymentStatus: 'PAID' })
    recorded.assertStatus(200)
    const entries = await entriesOf(order.shopId)
    assert.sameDeepMembers(entries, [
      { type: 'ORDER_EARNING', cents: money.sellerEarning, orderId: order.id, refundId: null },
      { type: 'CASH_COLLECTED', cents: -money.total, orderId: order.id, refundId: null },
    ])
    const balance = await client
      .get('/api/v1/seller/balance')
      .header('Authorization', first.authorization)
    balance.assertStatus(200)
    assert.deepEqual(balance.body(), {
      available: -money.marketplaceTake / 100,
      pending: 0,
      currency: 'USD',
    })
    const identity = await orderIdentity(order.id)
    assert.equal(identity.left, identity.right)
  })

  test('cancelling a paid order refunds it in full and nets its entries to 0', async ({
    client,
    assert,
  }) => {
    const { orders, customer } = await placedCheckout('BANK_TRANSFER')
    const order = orders[0]
    await markPaid(client, order.id)
    const cancelled = await client
      .post(`/api/v1/orders/${order.id}/cancel`)
      .header('Authorization', customer.authorization)
    cancelled.assertStatus(200)
    const identity = await orderIdentity(order.id)
    assert.equal(identity.sellerLeft, 0)
    assert.equal(identity.marketplaceLeft, 0)
    const admin = await actor(UserType.ADMIN)
    const balance = await client
      .get(adminBalance(order.shopId))
      .header('Authorization', admin.authorization)
    assert.deepEqual(balance.body(), { available: 0, pending: 0, currency: 'USD' })
  })

  test('an order paid before the ledger existed writes no refund entry', async ({
    client,
    assert,
  }) => {
    const { orders } = await placedCheckout('BANK_TRANSFER')
    const order = orders[0]
    // As the payments migration left orders paid by hand before it: paid, no earning entry.
    await db
      .from('orders')
      .where('id', order.id)
      .update({ payment_status: 'PAID', paid_amount_cents: db.raw('total_cents') })
    await refund(client, order.id, 100)
    assert.deepEqual(await entriesOf(order.shopId), [])
  })
})

test.group('Balances and ledger pages', (group) => {
  eachInTransaction(group)

  test('no token is 401; seller routes for sellers, admin routes for admins', async ({
    client,
    assert,
  }) => {
    const { orders } = await placedCheckout('BANK_TRANSFER')
    const shopId = orders[0].shopId
    await expectRoleMatrix(
      assert,
      [() => client.get('/api/v1/seller/balance'), () => client.get('/api/v1/seller/ledger')],
      { refused: allBut(UserType.SELLER) }
    )
    const refused = await expectRoleMatrix(
      assert,
      [
        () => client.get(adminBalance(shopId)),
        () => client.get(adminLedger(shopId)),
        () => client.post(adjustments(shopId)).json({ amount: 5, reason: 'Goodwill' }),
      ],
      { refused: allBut(UserType.ADMIN, UserType.SUPER_ADMIN) }
    )
    assert.isNotEmpty(refused)
    assert.deepEqual(await entriesOf(shopId), [])
  })

  test('a seller reads only their own shops; another shop is a 404', async ({ client, assert }) => {
    const { orders, first, second } = await placedCheckout('BANK_TRANSFER')
    await markPaid(client, orders[0].id)
    await markPaid(client, orders[1].id)
    const foreign = await client
      .get(`/api/v1/seller/ledger?shopId=${second.shop.id}`)
      .header('Authorization', first.authorization)
    expectProblem(assert, foreign, 404, 'SHOP_NOT_FOUND')
    const foreignBalance = await client
      .get(`/api/v1/seller/balance?shopId=${second.shop.id}`)
      .header('Authorization', first.authorization)
    expectProblem(assert, foreignBalance, 404, 'SHOP_NOT_FOUND')
    const invalid = await client
      .get('/api/v1/seller/ledger?shopId=nope&limit=0')
      .header('Authorization', first.authorization)
    const body = expectProblem(assert, invalid, 400, 'VALIDATION_FAILED')
    assert.sameMembers(
      (body.errors ?? []).map((error) => error.field),
      ['shopId', 'limit']
    )

    const own = await client
      .get('/api/v1/seller/ledger')
      .header('Authorization', first.authorization)
    own.assertStatus(200)
    assert.equal(own.body().total, 1)
    assert.deepEqual(
      own.body().items.map((entry: { shopId: string }) => entry.shopId),
      [first.shop.id]
    )
  })

  test('entries newest first in pages; pending until delivered and held, then available', async ({
    client,
    assert,
  }) => {
    const { orders, first } = await placedCheckout('BANK_TRANSFER')
    const order = orders[0]
    const money = await orderMoneyRow(order.id)
    await markPaid(client, order.id)
    await refund(client, order.id, 1000)
    const admin = await actor(UserType.ADMIN)
    const adjusted = await client
      .post(adjustments(order.shopId))
      .header('Authorization', admin.authorization)
      .json({ amount: -1.5, reason: 'Packaging fee' })
    adjusted.assertStatus(201)

    const page = await client
      .get('/api/v1/seller/ledger?limit=2')
      .header('Authorization', first.authorization)
    page.assertStatus(200)
    assert.equal(page.body().total, 3)
    assert.equal(page.body().limit, 2)
    assert.equal(page.body().offset, 0)
    const [newest, middle] = page.body().items
    assert.equal(newest.type, 'ADJUSTMENT')
    assert.equal(newest.amount, -1.5)
    assert.equal(newest.reason, 'Packaging fee')
    assert.equal(newest.availableAt, newest.createdAt)
    assert.equal(middle.type, 'REFUND')
    assert.isString(middle.refundId)
    const rest = await client
      .get('/api/v1/seller/ledger?limit=2&offset=2')
      .header('Authorization', first.authorization)
    const [earning] = rest.body().items
    assert.equal(earning.type, 'ORDER_EARNING')
    assert.equal(earning.orderId, order.id)
    assert.isNull(earning.availableAt, 'not delivered yet')
    assert.equal(earning.amount, money.sellerEarning / 100)

    const refundRow = await db
      .from('ledger_entries')
      .where('type', 'REFUND')
      .where('order_id', order.id)
      .firstOrFail()
    const sellerRefund = Number(refundRow.amount_cents)
    const pending = await client
      .get('/api/v1/seller/balance')
      .header('Authorization', first.authorization)
    assert.deepEqual(pending.body(), {
      available: (sellerRefund - 150) / 100,
      pending: money.sellerEarning / 100,
      currency: 'USD',
    })

    // Delivered three days ago: held four days more, then available.
    const deliveredAt = DateTime.utc().minus({ days: 3 }).startOf('second')
    await OrderStatusHistory.create({
      orderId: order.id,
      sequence: 50,
      field: 'STATUS',
      fromValue: 'SHIPPED',
      toValue: 'DELIVERED',
      actorId: null,
      actorType: 'SYSTEM',
      createdAt: deliveredAt,
    })
    await db.from('orders').where('id', order.id).update({ status: 'DELIVERED' })
    const held = await client
      .get(adminBalance(order.shopId))
      .header('Authorization', admin.authorization)
    assert.deepEqual(held.body(), pending.body())
    const adminPage = await client
      .get(adminLedger(order.shopId))
      .header('Authorization', admin.authorization)
    adminPage.assertStatus(200)
    const releaseAt = deliveredAt.plus({ days: 7 })
    assert.equal(adminPage.body().items[2].availableAt, releaseAt.toUTC().toISO())
    const ledger = await app.container.make(LedgerService)
    assert.deepEqual(await ledger.balance(order.shopId, { now: releaseAt }), {
      available: money.sellerEarning + sellerRefund - 150,
      pending: 0,
    })
  })

  test('unknown shops are 404 for admins', async ({ client, assert }) => {
    const admin = await actor(UserType.ADMIN)
    for (const request of [
      client.get(adminBalance(UNKNOWN_ID)),
      client.get(adminLedger(UNKNOWN_ID)),
      client.post(adjustments(UNKNOWN_ID)).json({ amount: 1, reason: 'x' }),
    ]) {
      expectProblem(
        assert,
        await request.header('Authorization', admin.authorization),
        404,
        'SHOP_NOT_FOUND'
      )
    }
  })
})

test.group('Adjustments', (group) => {
  eachInTransaction(group)

  test('refuses a zero, an amount with three decimals, beyond a million, or no reason', async ({
    client,
    assert,
  }) => {
    const { orders } = await placedCheckout('BANK_TRANSFER')
    const shopId = orders[0].shopId
    const admin = await actor(UserType.ADMIN)
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ amount: 0, reason: 'Nothing' }, ['amount']],
      [{ amount: 1.234, reason: 'Cents' }, ['amount']],
      [{ amount: -1_000_000.01, reason: 'Too much' }, ['amount']],
      [{ amount: '5', reason: 'Text' }, ['amount']],
      [{ amount: 5, reason: '   ' }, ['reason']],
      [{ amount: 5, reason: 'x'.repeat(501) }, ['reason']],
      [{}, ['amount', 'reason']],
    ]
    for (const [body, fields] of cases) {
      const response = await client
        .post(adjustments(shopId))
        .header('Authorization', admin.authorization)
        .json(body)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.sameMembers(
        (problem.errors ?? []).map((error) => error.field),
        fields
      )
    }
    assert.deepEqual(await entriesOf(shopId), [])
  })

  test('an admin credits and debits a shop, audited; the balance moves at once', async ({
    client,
    assert,
  }) => {
    const { orders } = await placedCheckout('BANK_TRANSFER')
    const shopId = orders[0].shopId
    const admin = await actor(UserType.SUPER_ADMIN)
    const credit = await client
      .post(adjustments(shopId))
      .header('Authorization', admin.authorization)
      .json({ amount: 12.34, reason: '  Shipping label refund  ' })
    credit.assertStatus(201)
    assert.containsSubset(credit.body(), {
      shopId,
      type: 'ADJUSTMENT',
      amount: 12.34,
      orderId: null,
      refundId: null,
      payoutId: null,
      reason: 'Shipping label refund',
    })
    const debit = await client
      .post(adjustments(shopId))
      .header('Authorization', admin.authorization)
      .json({ amount: -20, reason: 'Chargeback fee' })
    debit.assertStatus(201)
    const balance = await client
      .get(adminBalance(shopId))
      .header('Authorization', admin.authorization)
    assert.deepEqual(balance.body(), { available: -7.66, pending: 0, currency: 'USD' })
    const rows = await db.from('ledger_entries').where('shop_id', shopId).orderBy('amount_cents')
    assert.deepEqual(
      rows.map((row) => [row.type, Number(row.amount_cents), row.created_by]),
      [
        ['ADJUSTMENT', -2000, admin.user.id],
        ['ADJUSTMENT', 1234, admin.user.id],
      ]
    )
    const audit = await db
      .from('admin_actions')
      .where('target_id', shopId)
      .where('action', 'shop.ledger_adjusted')
    assert.lengthOf(audit, 2)
  })
})
