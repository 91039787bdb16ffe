/*
| Returns under concurrency, outside any test transaction (see
| tests/functional/checkout/concurrency.spec.ts): parallel requests for the last unit, parallel
| receipts whose refunds must still add up to the order exactly, and a return racing a
| cancellation. It matters most on PostgreSQL, where the requests truly overlap; SQLite runs one
| writer at a time.
*/
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { deletedAfterEach, tally } from '#tests/functional/checkout/support'
import {
  as,
  deliveredOrder,
  expectStatus,
  moveOrder,
  orderReturns,
  orderState,
  sellerReturn,
} from '#tests/functional/returns/support'

test.group('Returns under concurrency', (group) => {
  const { userIds, couponIds } = deletedAfterEach(group)
  const orderIds: string[] = []
  group.each.setup(() => async () => {
    await db.from('admin_actions').whereIn('target_id', orderIds).delete()
    for (const orderId of orderIds) {
      await db.from('outbox_messages').whereLike('payload', `%${orderId}%`).delete()
    }
    const emails = await db.from('users').whereIn('id', userIds).select('email')
    for (const { email } of emails) {
      await db
        .from('outbox_messages')
        .whereLike('payload', `%${JSON.stringify(email)}%`)
        .delete()
    }
    await db.from('tax_rates').where({ country: 'US', region: 'WY' }).delete()
    orderIds.length = 0
  })

  /** A delivered order (tests/functional/returns/support.ts) whose rows the group deletes. */
  async function committedOrder(
    client: Parameters<typeof deliveredOrder>[0],
    options?: Parameters<typeof deliveredOrder>[1]
  ) {
    const placed = await deliveredOrder(client, options)
    userIds.push(placed.customer.user.id, placed.seller.user.id, placed.admin.user.id)
    couponIds.push(placed.coupon.id)
    orderIds.push(placed.order.id)
    return placed
  }

  test('ten parallel requests for the last unit: exactly one is taken', async ({
    client,
    assert,
  }) => {
    const { customer, order, lamp } = await committedOrder(client)
    const body = { items: [{ productId: lamp.id, quantity: 1 }], reason: 'Broken' }
    expectStatus(await as(client, customer, 'post', orderReturns(order.id), body), 201)

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => as(client, customer, 'post', orderReturns(order.id), body))
    )
    assert.deepEqual(tally(responses), { '201': 1, '422 RETURN_QUANTITY_EXCEEDED': 9 })
    const state = await orderState(order.id)
    assert.deepEqual(state.returned, [2, 0, 0])
    const items = await db
      .from('return_items')
      .join('returns', 'returns.id', 'return_items.return_id')
      .where('returns.order_id', order.id)
      .sum('return_items.quantity as units')
    assert.equal(Number(items[0].units), 2)
  })

  test('two returns received at once still refund the order exactly, shipping once', async ({
    client,
    assert,
  }) => {
    const { customer, seller, order, lamp, vase, card } = await committedOrder(client)
    const ask = async (items: Array<{ productId: string; quantity: number }>) => {
      const response = await as(client, customer, 'post', orderReturns(order.id), {
        items,
        reason: 'x',
      })
      expectStatus(response, 201)
      const id = response.body().id as string
      expectStatus(await as(client, seller, 'post', sellerReturn(id, 'approve')), 200)
      return id
    }
    const first = await ask([
      { productId: lamp.id, quantity: 1 },
      { productId: vase.id, quantity: 1 },
    ])
    const second = await ask([
      { productId: lamp.id, quantity: 1 },
      { productId: card.id, quantity: 4 },
    ])
    const responses = await Promise.all(
      [first, second].map((id) =>
        as(client, seller, 'post', sellerReturn(id, 'receive'), { restock: true })
      )
    )
    assert.deepEqual(tally(responses), { '200': 2 })
    const rows = await db.from('returns').where('order_id', order.id)
    assert.deepEqual(
      rows.map((row) => row.status),
      ['REFUNDED', 'REFUNDED']
    )
    const refunded = rows.reduce((sum, row) => sum + Number(row.refund_amount_cents), 0)
    assert.equal(refunded, order.totalCents)
    const shippingRefunds = rows.map((row) => Number(row.shipping_refund_cents))
    assert.sameMembers(shippingRefunds, [0, order.shippingCostCents])
    const state = await orderState(order.id)
    assert.equal(state.refunded, order.totalCents)
    assert.equal(state.paymentStatus, 'REFUNDED')
  })

  test('a return racing a cancellation: the order is cancelled and the return refused', async ({
    client,
    assert,
  }) => {
    const { customer, seller, order, lamp } = await committedOrder(client, { deliver: false })
    await moveOrder(client, seller, order.id, 'CONFIRMED')
    const [cancelled, requested] = await Promise.all([
      as(client, customer, 'post', `/api/v1/orders/${order.id}/cancel`),
      as(client, customer, 'post', orderReturns(order.id), {
        items: [{ productId: lamp.id, quantity: 1 }],
        reason: 'x',
      }),
    ])
    assert.deepEqual(tally([cancelled, requested]), { '200': 1, '422 RETURN_NOT_ALLOWED': 1 })
    assert.lengthOf(await db.from('returns').where('order_id', order.id), 0)
    const state = await orderState(order.id)
    assert.deepEqual(state.returned, [0, 0, 0])
    const row = await db.from('orders').where('id', order.id).firstOrFail()
    assert.equal(row.status, 'CANCELLED')
  })
})
