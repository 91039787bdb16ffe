/*
| The shipment an order leaves with, and the customer's mail at every step after the sale
| (docs/api/returns.md, "Mail"): each written to the outbox in the transaction of its change,
| rendered from one layout, with a plain-text version.
*/
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { expectProblem } from '#tests/helpers/responses'
import { eachInTransaction } from '#tests/helpers/transactions'
import {
  as,
  deliveredOrder,
  expectStatus,
  mailsTo,
  moveOrder,
  orderReturns,
  sellerReturn,
} from '#tests/functional/returns/support'

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field)

test.group('Shipments', (group) => {
  eachInTransaction(group)

  test('a refused carrier, tracking number or tracking address is a 400 and the order stays', async ({
    client,
    assert,
  }) => {
    const { seller, order } = await deliveredOrder(client, { deliver: false })
    await moveOrder(client, seller, order.id, 'CONFIRMED')
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ trackingUrl: 'ftp://files.example.com/1' }, ['trackingUrl']],
      [{ trackingUrl: 'javascript:alert(1)' }, ['trackingUrl']],
      [{ trackingUrl: 'not an address' }, ['trackingUrl']],
      [{ trackingUrl: `https://example.com/${'x'.repeat(500)}` }, ['trackingUrl']],
      [{ carrier: 'x'.repeat(101) }, ['carrier']],
      [{ trackingNumber: 'x'.repeat(101) }, ['trackingNumber']],
      [{ carrier: 42 }, ['carrier']],
    ]
    for (const [body, fields] of cases) {
      const response = await as(client, seller, 'put', `/api/v1/seller/orders/${order.id}/status`, {
        status: 'SHIPPED',
        ...body,
      })
      assert.deepEqual(
        fieldsOf(expectProblem(assert, response, 400, 'VALIDATION_FAILED')),
        fields,
        JSON.stringify(body)
      )
    }
    const row = await db.from('orders').where('id', order.id).firstOrFail()
    assert.equal(row.status, 'CONFIRMED')
    assert.isNull(row.shipped_at)
  })

  test('the move to SHIPPED keeps the trimmed shipment; the order shows it to everyone', async ({
    client,
    assert,
  }) => {
    const { customer, seller, admin, order } = await deliveredOrder(client, { deliver: false })
    await moveOrder(client, seller, order.id, 'CONFIRMED')
    const before = await as(client, customer, 'get', `/api/v1/orders/${order.id}`)
    assert.isNull(before.body().shipment)
    const shipped = await moveOrder(client, seller, order.id, 'SHIPPED', {
      carrier: '  DHL ',
      trackingNumber: ' JD0146 ',
      trackingUrl: ' http://dhl.example.com/t?n=JD0146 ',
    })
    assert.containsSubset(shipped.shipment, {
      carrier: 'DHL',
      trackingNumber: 'JD0146',
      trackingUrl: 'http://dhl.example.com/t?n=JD0146',
    })
    for (const [who, url] of [
      [customer, `/api/v1/orders/${order.id}`],
      [admin, `/api/v1/admin/orders/${order.id}`],
    ] as const) {
      const response = await as(client, who, 'get', url)
      assert.equal(response.body().shipment.carrier, 'DHL')
      assert.isString(response.body().shipment.shippedAt)
    }
  })

  test('a shipment with nothing said is kept empty; it is read only on the move to SHIPPED', async ({
    client,
    assert,
  }) => {
    const { seller, order } = await deliveredOrder(client, { deliver: false })
    const confirmed = await moveOrder(client, seller, order.id, 'CONFIRMED', { carrier: 'UPS' })
    assert.isNull(confirmed.shipment)
    const shipped = await moveOrder(client, seller, order.id, 'SHIPPED')
    assert.containsSubset(shipped.shipment, {
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
    })
  })
})

test.group('Mail after the sale', (group) => {
  eachInTransaction(group)

  test('paid, shipped (with the tracking) and delivered: text and HTML from one layout', async ({
    client,
    assert,
  }) => {
    const { customer, order } = await deliveredOrder(client)
    // Mails written within one second tie on their time: put them in the order of the steps.
    const queued = await mailsTo('order_update', customer.user.email)
    const mails = queued.sort((a, b) =>
      a.payload.step === b.payload.step ? 0 : a.payload.step === 'SHIPPED' ? -1 : 1
    )
    assert.deepEqual(
      mails.map((mail) => mail.subject),
      [
        `Your order ${order.orderNumber} has shipped`,
        `Your order ${order.orderNumber} was delivered`,
      ]
    )
    const [shipped, delivered] = mails
    assert.include(shipped.text, `Gamma Goods shipped your order ${order.orderNumber}.`)
    assert.include(shipped.text, 'Carrier: UPS')
    assert.include(shipped.text, 'Tracking number: 1Z999')
    assert.include(shipped.text, 'Track it: https://track.example.com/1Z999')
    assert.include(shipped.html, '<li>Carrier: UPS</li>')
    assert.include(shipped.html, '<a href="https://track.example.com/1Z999">')
    assert.include(delivered.text, 'You can ask to return it from your orders.')
    assert.include(delivered.html, 'You can ask to return it from your orders.')

    // Paid by hand: the customer hears it as after a card capture.
    const [paid] = await mailsTo('payment_received', customer.user.email)
    assert.equal(paid.subject, `Payment received for order ${order.orderNumber}`)
    assert.include(
      paid.text,
      `We received your payment of ${(order.totalCents / 100).toFixed(2)} USD.`
    )
  })

  test('cancelled: by the customer, nothing charged; a paid order, the refund said', async ({
    client,
    assert,
  }) => {
    const unpaid = await deliveredOrder(client, { deliver: false, pay: false })
    expectStatus(
      await as(client, unpaid.customer, 'post', `/api/v1/orders/${unpaid.order.id}/cancel`),
      200
    )
    const [cancelled] = await mailsTo('order_update', unpaid.customer.user.email)
    assert.equal(cancelled.subject, `Your order ${unpaid.order.orderNumber} was cancelled`)
    assert.include(cancelled.text, 'Nothing was charged for it.')

    const paid = await deliveredOrder(client, { deliver: false })
    await moveOrder(client, paid.seller, paid.order.id, 'CANCELLED')
    const [refunded] = await mailsTo('order_update', paid.customer.user.email)
    assert.include(
      refunded.text,
      `What you paid for it, ${(paid.order.totalCents / 100).toFixed(2)} USD, is being refunded.`
    )
    const [issued] = await mailsTo('refund_issued', paid.customer.user.email)
    assert.include(issued.html, 'We issued a refund of')
  })

  test('a return: requested, approved, refunded, each mailed; a rejection with its note', async ({
    client,
    assert,
  }) => {
    const { customer, seller, order, lamp, card } = await deliveredOrder(client)
    const ask = async (productId: string, quantity: number) => {
      const response = await as(client, customer, 'post', orderReturns(order.id), {
        items: [{ productId, quantity }],
        reason: 'x',
      })
      expectStatus(response, 201)
      return response.body().id as string
    }
    const first = await ask(lamp.id, 1)
    expectStatus(await as(client, seller, 'post', sellerReturn(first, 'approve')), 200)
    expectStatus(
      await as(client, seller, 'post', sellerReturn(first, 'receive'), { restock: true }),
      200
    )
    const second = await ask(card.id, 2)
    expectStatus(
      await as(client, seller, 'post', sellerReturn(second, 'reject'), { note: 'Opened' }),
      200
    )

    // Mails written within one second tie on their time: put them in the order of the steps.
    const steps = ['REQUESTED', 'APPROVED', 'REJECTED', 'RECEIVED', 'REFUNDED']
    const rank = (mail: { payload: { returnId: string; step: string } }) =>
      (mail.payload.returnId === first ? 0 : 10) + steps.indexOf(mail.payload.step)
    const queued = await mailsTo('return_update', customer.user.email)
    const mails = queued.sort((a, b) => rank(a) - rank(b))

    const number = order.orderNumber
    assert.deepEqual(
      mails.map((mail) => [mail.payload.returnId, mail.subject]),
      [
        [first, `We received your return request for order ${number}`],
        [first, `Your return for order ${number} was approved`],
        [first, `Your return for order ${number} was refunded`],
        [second, `We received your return request for order ${number}`],
        [second, `Your return for order ${number} was rejected`],
      ]
    )
    const [requested, approved, refunded, , rejected] = mails
    assert.include(requested.text, '  1 x Lamp')
    assert.include(requested.text, 'it refunds about 19.44 USD')
    assert.include(approved.text, 'Once they arrive we refund 19.44 USD.')
    assert.include(refunded.text, 'Refunded: 19.44 USD.')
    assert.include(rejected.text, '  2 x Card')
    assert.include(rejected.text, 'Their note: Opened')
    for (const mail of mails) {
      assert.match(mail.html, /^<!doctype html>/)
      assert.include(mail.html, `order ${number}`)
    }
  })
})
