/*
| Returns of delivered orders (docs/api/returns.md): who may call, refused input, the window,
| quantities, another customer's order and another shop's return, every step and refusal of the
| state machine, the refunds against hand-computed figures, the lists, and the order's history.
*/
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'
import { product, sellerShop } from '#tests/functional/checkout/support'
import {
  adminReturn,
  as,
  deliveredDaysAgo,
  deliveredOrder,
  eventsOf,
  orderReturns,
  orderState,
  returnedOf,
  returnStatus,
  expectStatus,
  sellerReturn,
  stockOf,
} from '#tests/functional/returns/support'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field)
const cents = (amount: number) => Math.round(amount * 100)

test.group('Returns: who may call, and refused input', (group) => {
  eachInTransaction(group)

  test('no token is 401; each set of routes refuses the other roles with 403', async ({
    client,
    assert,
  }) => {
    const { order, lamp } = await deliveredOrder(client)
    const body = { items: [{ productId: lamp.id, quantity: 1 }], reason: 'Broken' }
    await expectRoleMatrix(
      assert,
      [
        () => client.get(orderReturns(order.id)),
        () => client.post(orderReturns(order.id)).json(body),
      ],
      { refused: allBut(UserType.CUSTOMER) }
    )
    const staffCalls = (url: (id: string, step?: string) => string) => [
      () => client.get(url('').replace(/\/$/, '')),
      () => client.get(url(UNKNOWN_ID)),
      () => client.post(url(UNKNOWN_ID, 'approve')),
      () => client.post(url(UNKNOWN_ID, 'reject')).json({}),
      () => client.post(url(UNKNOWN_ID, 'receive')).json({ restock: true }),
    ]
    await expectRoleMatrix(assert, staffCalls(sellerReturn), { refused: allBut(UserType.SELLER) })
    await expectRoleMatrix(assert, staffCalls(adminReturn), {
      refused: allBut(UserType.ADMIN, UserType.SUPER_ADMIN),
    })
    assert.lengthOf(await db.from('returns').where('order_id', order.id), 0)
  })

  test('refused bodies are a 400 naming the field, and change nothing', async ({
    client,
    assert,
  }) => {
    const { customer, order, lamp, vase } = await deliveredOrder(client)
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ items: [], reason: 'x' }, ['items']],
      [{ reason: 'x' }, ['items']],
      [{ items: [{ productId: lamp.id, quantity: 0 }], reason: 'x' }, ['items.0.quantity']],
      [{ items: [{ productId: lamp.id, quantity: 1000 }], reason: 'x' }, ['items.0.quantity']],
      [{ items: [{ productId: lamp.id, quantity: 1.5 }], reason: 'x' }, ['items.0.quantity']],
      [{ items: [{ productId: 'lamp', quantity: 1 }], reason: 'x' }, ['items.0.productId']],
      [
        {
          items: [
            { productId: lamp.id, quantity: 1 },
            { productId: lamp.id, quantity: 1 },
          ],
          reason: 'x',
        },
        ['items'],
      ],
      [{ items: [{ productId: vase.id, quantity: 1 }] }, ['reason']],
      [{ items: [{ productId: vase.id, quantity: 1 }], reason: '   ' }, ['reason']],
      [{ items: [{ productId: vase.id, quantity: 1 }], reason: 'x'.repeat(501) }, ['reason']],
    ]
    for (const [body, fields] of cases) {
      const response = await as(client, customer, 'post', orderReturns(order.id), body)
      assert.deepEqual(
        fieldsOf(expectProblem(assert, response, 400, 'VALIDATION_FAILED')),
        fields,
        JSON.stringify(body)
      )
    }
    assert.lengthOf(await db.from('returns').where('order_id', order.id), 0)
    assert.deepEqual(await returnedOf(order.id), [0, 0, 0])
  })

  test('receive needs a boolean restock; a reject note is at most 500 characters', async ({
    client,
    assert,
  }) => {
    const { customer, seller, order, lamp } = await deliveredOrder(client)
    const created = await as(client, customer, 'post', orderReturns(order.id), {
      items: [{ productId: lamp.id, quantity: 1 }],
      reason: 'Too big',
    })
    created.assertStatus(201)
    const id = created.body().id
    for (const body of [{}, { restock: 'yes' }, { restock: 1 }]) {
      const response = await as(client, seller, 'post', sellerReturn(id, 'receive'), body)
      assert.deepEqual(fieldsOf(expectProblem(assert, response, 400, 'VALIDATION_FAILED')), [
        'restock',
      ])
    }
    const long = await as(client, seller, 'post', sellerReturn(id, 'reject'), {
      note: 'x'.repeat(501),
    })
    assert.deepEqual(fieldsOf(expectProblem(assert, long, 400, 'VALIDATION_FAILED')), ['note'])
    const row = await db.from('returns').where('id', id).firstOrFail()
    assert.equal(row.status, 'REQUESTED')
  })
})

test.group('Returns: when and how much may be returned', (group) => {
  eachInTransaction(group)

  test('an order not paid, not delivered, or delivered longer ago than the window, is 422 RETURN_NOT_ALLOWED', async ({
    client,
    assert,
  }) => {
    const shipped = await deliveredOrder(client, { deliver: false })
    const body = { items: [{ productId: shipped.lamp.id, quantity: 1 }], reason: 'Late' }
    expectProblem(
      assert,
      await as(client, shipped.customer, 'post', orderReturns(shipped.order.id), body),
      422,
      'RETURN_NOT_ALLOWED'
    )

    const old = await deliveredOrder(client)
    await deliveredDaysAgo(old.order.id, 31)
    const late = { items: [{ productId: old.lamp.id, quantity: 1 }], reason: 'Late' }
    expectProblem(
      assert,
      await as(client, old.customer, 'post', orderReturns(old.order.id), late),
      422,
      'RETURN_NOT_ALLOWED'
    )
    // Still within the window on its 29th day.
    await deliveredDaysAgo(old.order.id, 29)
    const inTime = await as(client, old.customer, 'post', orderReturns(old.order.id), late)
    inTime.assertStatus(201)
    assert.lengthOf(await db.from('returns').where('order_id', shipped.order.id), 0)

    // Delivered, but its money never recorded: nothing was received that a return could refund.
    const unpaid = await deliveredOrder(client, { pay: false })
    const early = { items: [{ productId: unpaid.lamp.id, quantity: 1 }], reason: 'Unpaid' }
    expectProblem(
      assert,
      await as(client, unpaid.customer, 'post', orderReturns(unpaid.order.id), early),
      422,
      'RETURN_NOT_ALLOWED'
    )
    assert.lengthOf(await db.from('returns').where('order_id', unpaid.order.id), 0)
    const recorded = await as(
      client,
      unpaid.admin,
      'put',
      `/api/v1/admin/orders/${unpaid.order.id}/payment-status`,
      { paymentStatus: 'PAID' }
    )
    recorded.assertStatus(200)
    const paidNow = await as(client, unpaid.customer, 'post', orderReturns(unpaid.order.id), early)
    paidNow.assertStatus(201)
  })

  test('more than bought minus earlier returns is 422 RETURN_QUANTITY_EXCEEDED; a product not in the order 422', async ({
    client,
    assert,
  }) => {
    const { customer, seller, order, lamp, card } = await deliveredOrder(client)
    const post = (items: Array<{ productId: string; quantity: number }>) =>
      as(client, customer, 'post', orderReturns(order.id), { items, reason: 'Changed my mind' })
    expectProblem(
      assert,
      await post([{ productId: lamp.id, quantity: 3 }]),
      422,
      'RETURN_QUANTITY_EXCEEDED'
    )
    const first = await post([{ productId: card.id, quantity: 3 }])
    first.assertStatus(201)
    // One card left: two is refused, and the refusal takes nothing (the lamp either).
    expectProblem(
      assert,
      await post([
        { productId: lamp.id, quantity: 1 },
        { productId: card.id, quantity: 2 },
      ]),
      422,
      'RETURN_QUANTITY_EXCEEDED'
    )
    assert.deepEqual(await returnedOf(order.id), [0, 0, 3])

    const other = await sellerShop()
    const foreign = await product(other.shop.id, 100)
    expectProblem(
      assert,
      await post([{ productId: foreign.id, quantity: 1 }]),
      422,
      'RETURN_ITEM_NOT_IN_ORDER'
    )

    // A rejection gives its units back.
    const rejected = await as(client, seller, 'post', sellerReturn(first.body().id, 'reject'), {})
    rejected.assertStatus(200)
    assert.deepEqual(await returnedOf(order.id), [0, 0, 0])
    expectStatus(await post([{ productId: card.id, quantity: 4 }]), 201)
  })

  test("another customer's order is a 404; another shop's seller gets 404 on its returns", async ({
    client,
    assert,
  }) => {
    const { customer, order, lamp } = await deliveredOrder(client)
    const stranger = await actor(UserType.CUSTOMER)
    const body = { items: [{ productId: lamp.id, quantity: 1 }], reason: 'x' }
    expectProblem(
      assert,
      await as(client, stranger, 'post', orderReturns(order.id), body),
      404,
      'ORDER_NOT_FOUND'
    )
    expectProblem(
      assert,
      await as(client, stranger, 'get', orderReturns(order.id)),
      404,
      'ORDER_NOT_FOUND'
    )
    const created = await as(client, customer, 'post', orderReturns(order.id), body)
    created.assertStatus(201)
    const id = created.body().id

    const otherSeller = await sellerShop('Other shop')
    for (const step of [undefined, 'approve']) {
      const response = step
        ? await as(client, otherSeller, 'post', sellerReturn(id, step))
        : await as(client, otherSeller, 'get', sellerReturn(id))
      expectProblem(assert, response, 404, 'RETURN_NOT_FOUND')
    }
    expectProblem(
      assert,
      await as(client, otherSeller, 'post', sellerReturn(id, 'receive'), { restock: true }),
      404,
      'RETURN_NOT_FOUND'
    )
    const list = await as(client, otherSeller, 'get', '/api/v1/seller/returns')
    assert.equal(list.body().total, 0)
    const row = await db.from('returns').where('id', id).firstOrFail()
    assert.equal(row.status, 'REQUESTED')
  })
})

test.group('Returns: the state machine and the refunds', (group) => {
  eachInTransaction(group)

  test('requested: 201 with the estimate, the units held, the history, the mail and return.requested', async ({
    client,
    assert,
  }) => {
    const { customer, order, lamp, vase } = await deliveredOrder(client)
    const response = await as(client, customer, 'post', orderReturns(order.id), {
      items: [
        { productId: vase.id, quantity: 1 },
        { productId: lamp.id, quantity: 1 },
      ],
      reason: '  Scratched  ',
    })
    response.assertStatus(201)
    const body = response.body()
    assert.containsSubset(body, {
      orderId: order.id,
      orderNumber: order.orderNumber,
      status: 'REQUESTED',
      reason: 'Scratched',
      // 20.00 − 2.00 + 1.44 and 15.00 − 1.50 + 1.08 (tests/unit/orders/return_refunds.spec.ts).
      items: [
        { productId: vase.id, name: 'Vase', quantity: 1, refundAmount: 14.58 },
        { productId: lamp.id, name: 'Lamp', quantity: 1, refundAmount: 19.44 },
      ],
      refundAmount: 34.02,
      shippingRefund: 0,
      restocked: null,
      refundId: null,
    })
    assert.deepEqual(await returnedOf(order.id), [1, 1, 0])
    const history = await as(client, customer, 'get', `/api/v1/orders/${order.id}`)
    assert.deepInclude(
      history.body().statusHistory.map((entry: any) => [entry.field, entry.from, entry.to]),
      ['return', null, 'REQUESTED']
    )
    const [event] = await eventsOf('return.requested', order.id)
    assert.containsSubset(event.data, { id: body.id, status: 'REQUESTED', refundAmountCents: 3402 })
    const listed = await as(client, customer, 'get', orderReturns(order.id))
    assert.deepEqual(
      listed.body().map((entry: any) => entry.id),
      [body.id]
    )
  })

  test('every step and every refusal: approve, reject, receive, twice, out of order', async ({
    client,
    assert,
  }) => {
    const { customer, seller, admin, order, lamp, card } = await deliveredOrder(client)
    const ask = async (productId: string, quantity: number) => {
      const response = await as(client, customer, 'post', orderReturns(order.id), {
        items: [{ productId, quantity }],
        reason: 'x',
      })
      response.assertStatus(201)
      return response.body().id as string
    }
    const step = (id: string, name: string, body: Record<string, unknown> = {}) =>
      as(client, seller, 'post', sellerReturn(id, name), body)

    const first = await ask(lamp.id, 1)
    // REQUESTED cannot be received.
    expectProblem(
      assert,
      await step(first, 'receive', { restock: true }),
      409,
      'INVALID_RETURN_TRANSITION'
    )
    expectStatus(await step(first, 'approve'), 200)
    expectProblem(assert, await step(first, 'approve'), 409, 'INVALID_RETURN_TRANSITION')
    expectProblem(assert, await step(first, 'reject'), 409, 'INVALID_RETURN_TRANSITION')
    const received = await step(first, 'receive', { restock: false })
    received.assertStatus(200)
    assert.equal(received.body().status, 'REFUNDED')
    assert.isFalse(received.body().restocked)
    expectProblem(
      assert,
      await step(first, 'receive', { restock: true }),
      409,
      'INVALID_RETURN_TRANSITION'
    )
    assert.equal(await returnStatus(first), 'REFUNDED')

    const second = await ask(card.id, 2)
    expectStatus(await step(second, 'reject', { note: 'Used' }), 200)
    for (const name of ['approve', 'reject']) {
      expectProblem(assert, await step(second, name), 409, 'INVALID_RETURN_TRANSITION')
    }
    assert.equal(await returnStatus(second), 'REJECTED')

    // An admin takes the same steps through the admin routes.
    const third = await ask(card.id, 1)
    expectStatus(await as(client, admin, 'post', adminReturn(third, 'approve')), 200)
    const byAdmin = await as(client, admin, 'post', adminReturn(third, 'receive'), {
      restock: true,
    })
    byAdmin.assertStatus(200)
    assert.equal(byAdmin.body().status, 'REFUNDED')
    const audit = await db
      .from('admin_actions')
      .where('target_id', order.id)
      .where('action', 'order.return_changed')
    assert.lengthOf(audit, 2)

    const history = await as(client, customer, 'get', `/api/v1/orders/${order.id}`)
    const steps = history
      .body()
      .statusHistory.filter((entry: any) => entry.field === 'return')
      .map((entry: any) => `${entry.from}→${entry.to}`)
    assert.deepEqual(steps, [
      'null→REQUESTED',
      'REQUESTED→APPROVED',
      'APPROVED→RECEIVED',
      'RECEIVED→REFUNDED',
      'null→REQUESTED',
      'REQUESTED→REJECTED',
      'null→REQUESTED',
      'REQUESTED→APPROVED',
      'APPROVED→RECEIVED',
      'RECEIVED→REFUNDED',
    ])
    // An unknown return is a 404 for the seller and the admin alike.
    expectProblem(assert, await step(UNKNOWN_ID, 'approve'), 404, 'RETURN_NOT_FOUND')
    expectProblem(
      assert,
      await as(client, admin, 'post', adminReturn(UNKNOWN_ID, 'approve')),
      404,
      'RETURN_NOT_FOUND'
    )
  })

  test('a three-line order with a 10 % coupon returned in two parts refunds merchandise − discount + tax + shipping exactly', async ({
    client,
    assert,
  }) => {
    const { customer, seller, order, lamp, vase, card } = await deliveredOrder(client)
    // 75.00 of merchandise, 7.50 off, 5.40 of tax, and the shipping.
    assert.equal(order.subTotalCents, 7500)
    assert.equal(order.discountAmountCents, 750)
    assert.equal(order.taxAmountCents, 540)
    const shipping = order.shippingCostCents
    assert.equal(order.totalCents, 7500 - 750 + 540 + shipping)

    const settle = async (items: Array<{ productId: string; quantity: number }>) => {
      const created = await as(client, customer, 'post', orderReturns(order.id), {
        items,
        reason: 'Not as described',
      })
      created.assertStatus(201)
      const id = created.body().id
      expectStatus(await as(client, seller, 'post', sellerReturn(id, 'approve')), 200)
      const done = await as(client, seller, 'post', sellerReturn(id, 'receive'), { restock: true })
      done.assertStatus(200)
      return done.body()
    }
    const lampStock = await stockOf(lamp.id)
    const cardStock = await stockOf(card.id)

    const first = await settle([
      { productId: lamp.id, quantity: 1 },
      { productId: vase.id, quantity: 1 },
    ])
    assert.equal(cents(first.refundAmount), 1944 + 1458)
    assert.equal(first.shippingRefund, 0)
    let state = await orderState(order.id)
    assert.equal(state.refunded, 3402)
    assert.equal(state.paymentStatus, 'PARTIALLY_REFUNDED')

    const second = await settle([
      { productId: lamp.id, quantity: 1 },
      { productId: card.id, quantity: 4 },
    ])
    assert.deepEqual(
      second.items.map((item: any) => cents(item.refundAmount)),
      [1944, 1944]
    )
    assert.equal(cents(second.shippingRefund), shipping)
    assert.equal(cents(second.refundAmount), 1944 + 1944 + shipping)
    assert.equal(cents(first.refundAmount) + cents(second.refundAmount), order.totalCents)

    state = await orderState(order.id)
    assert.equal(state.refunded, order.totalCents)
    assert.equal(state.paymentStatus, 'REFUNDED')
    assert.deepEqual(state.returned, [2, 1, 4])
    assert.equal(await stockOf(lamp.id), lampStock + 2)
    assert.equal(await stockOf(card.id), cardStock + 4)

    const refunds = await db.from('refunds').where('order_id', order.id).orderBy('position')
    assert.deepEqual(
      refunds.map((row) => [Number(row.amount_cents), row.status]),
      [
        [3402, 'SUCCEEDED'],
        [1944 + 1944 + shipping, 'SUCCEEDED'],
      ]
    )
    const rows = await db.from('returns').where('order_id', order.id)
    for (const row of rows) assert.isNotNull(row.refund_id)
    const [received] = await eventsOf('return.received', order.id)
    assert.containsSubset(received.data, { status: 'RECEIVED' })
    assert.lengthOf(await eventsOf('return.received', order.id), 2)
  })

  test('restock false leaves the stock; a refund above what is left is capped at it', async ({
    client,
    assert,
  }) => {
    const { customer, seller, admin, order, card } = await deliveredOrder(client)
    // Most of the order was already refunded by hand: 1.00 is left of what was paid.
    const manual = await as(client, admin, 'post', `/api/v1/admin/orders/${order.id}/refunds`, {
      amount: (order.totalCents - 100) / 100,
      reason: 'Goodwill',
    })
    manual.assertStatus(201)
    const before = await stockOf(card.id)
    const created = await as(client, customer, 'post', orderReturns(order.id), {
      items: [{ productId: card.id, quantity: 2 }],
      reason: 'x',
    })
    created.assertStatus(201)
    const id = created.body().id
    expectStatus(await as(client, seller, 'post', sellerReturn(id, 'approve')), 200)
    const done = await as(client, seller, 'post', sellerReturn(id, 'receive'), { restock: false })
    done.assertStatus(200)
    assert.equal(done.body().status, 'REFUNDED')
    assert.equal(done.body().refundAmount, 1)
    assert.equal(await stockOf(card.id), before)
    const state = await orderState(order.id)
    assert.equal(state.refunded, order.totalCents)
  })

  test('the seller and admin lists: newest first, by status and shop', async ({
    client,
    assert,
  }) => {
    const one = await deliveredOrder(client)
    const ask = async (productId: string) => {
      const response = await as(client, one.customer, 'post', orderReturns(one.order.id), {
        items: [{ productId, quantity: 1 }],
        reason: 'x',
      })
      response.assertStatus(201)
      return response.body().id as string
    }
    const first = await ask(one.lamp.id)
    const second = await ask(one.card.id)
    expectStatus(await as(client, one.seller, 'post', sellerReturn(first, 'approve')), 200)

    const all = await as(client, one.seller, 'get', '/api/v1/seller/returns')
    all.assertStatus(200)
    const ids = (response: any) => response.body().items.map((entry: any) => entry.id)
    assert.sameMembers(ids(all), [first, second])
    const approved = await as(client, one.seller, 'get', '/api/v1/seller/returns?status=APPROVED')
    assert.deepEqual(ids(approved), [first])
    const bad = await as(client, one.seller, 'get', '/api/v1/seller/returns?status=LOST')
    expectProblem(assert, bad, 400, 'VALIDATION_FAILED')

    const byShop = await as(
      client,
      one.admin,
      'get',
      `/api/v1/admin/returns?shopId=${one.seller.shop.id}&limit=1`
    )
    byShop.assertStatus(200)
    assert.lengthOf(ids(byShop), 1)
    assert.equal(byShop.body().total, 2)
    const none = await as(client, one.admin, 'get', `/api/v1/admin/returns?shopId=${UNKNOWN_ID}`)
    assert.deepEqual(ids(none), [])
    const shown = await as(client, one.admin, 'get', adminReturn(first))
    assert.equal(shown.body().status, 'APPROVED')
  })
})
