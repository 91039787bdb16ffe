/*
| The console's side of refunds and payments (docs/api/console.md, "Orders" and "Payments"): the
| order page's payment panel and refund form, its confirmation page, the refund itself, and the
| Payments list by status.
*/
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { UserType } from '#enums/user_type'
import { placedCheckout } from '#tests/functional/orders/support'
import { consoleAs, textOf } from '#tests/functional/console/support'
import { UNKNOWN_ID } from '#tests/helpers/ids'
import { eachInTransaction } from '#tests/helpers/transactions'
import { formAction } from '#tests/helpers/routes'

/** A bank-transfer checkout whose first order an admin recorded as paid. */
async function paidOrder() {
  const placed = await placedCheckout('BANK_TRANSFER')
  const [order] = placed.orders
  await db
    .from('orders')
    .where('id', order.id)
    .update({ payment_status: 'PAID', paid_amount_cents: order.totalCents })
  await db
    .from('payments')
    .where('checkout_id', order.checkoutId)
    .update({ captured_amount_cents: order.totalCents })
  return { ...placed, order }
}

test.group('Console refunds', (group) => {
  eachInTransaction(group)

  test('the order page shows the payment, no refund yet, and the refund form', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { order } = await paidOrder()
    const html = await admin.page(urlFor('console.orders.show', { id: order.id }))
    const text = textOf(html)
    assert.include(text, `Paid ${(order.totalCents / 100).toFixed(2)} USD`)
    assert.include(text, 'Refunded 0.00 USD')
    assert.include(text, 'No refund yet.')
    assert.include(html, `action="${urlFor('console.orders.confirm_refund', { id: order.id })}"`)
    assert.include(html, 'name="amount"')
    assert.include(html, 'name="reason"')
  })

  test('refunding asks first, then records the refund and shows it', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { order } = await paidOrder()
    const page = urlFor('console.orders.show', { id: order.id })
    const confirmPage = urlFor('console.orders.confirm_refund', { id: order.id })

    const confirm = await admin.page(confirmPage, { amount: '4.50', reason: 'Scratched mug' })
    assert.include(textOf(confirm), `Refund 4.50 USD of order ${order.orderNumber}?`)
    assert.include(confirm, 'name="amount" value="4.50"')
    assert.lengthOf(await db.from('refunds').where('order_id', order.id), 0)

    const flash = await admin.submit(
      formAction('console.orders.refund', { id: order.id }),
      confirmPage,
      page,
      { amount: '4.50', reason: 'Scratched mug' }
    )
    assert.equal(flash.success, 'A refund of 4.50 USD was recorded.')
    const rows = await db.from('refunds').where('order_id', order.id)
    assert.deepEqual(
      rows.map((row) => [Number(row.amount_cents), row.status, row.created_by]),
      [[450, 'SUCCEEDED', admin.user.id]]
    )
    const after = textOf(await admin.page(page))
    assert.include(after, 'Refunded 4.50 USD')
    assert.include(after, '4.50 Scratched mug succeeded manual')
  })

  test('a refund the rules refuse goes back with the reason and changes nothing', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { order } = await paidOrder()
    const confirmPage = urlFor('console.orders.confirm_refund', { id: order.id })
    const stored = async () => {
      const row = await db.from('orders').where('id', order.id).firstOrFail()
      const refunds = await db.from('refunds').where('order_id', order.id)
      return [Number(row.refunded_amount_cents), refunds.length]
    }
    await admin.expectRefused(formAction('console.orders.refund', { id: order.id }), {
      from: confirmPage,
      form: { amount: String(order.totalCents / 100 + 1), reason: 'Too much' },
      error: /more than what is left/,
      stored,
    })
    const flash = await admin.expectRefused(formAction('console.orders.refund', { id: order.id }), {
      from: confirmPage,
      form: { amount: '0', reason: '' },
      error: /.+/,
      stored,
    })
    assert.properties(flash.errorsBag ?? flash.inputErrorsBag ?? {}, ['amount', 'reason'])
  })

  test('sellers and customers cannot open the refund pages; an unknown order is a 404', async ({
    client,
    assert,
  }) => {
    const { order } = await paidOrder()
    for (const type of [UserType.SELLER, UserType.CUSTOMER]) {
      const visitor = await consoleAs(type, { client, assert })
      const response = await visitor.get(
        urlFor('console.orders.confirm_refund', { id: order.id }),
        { amount: '1', reason: 'x' }
      )
      assert.notEqual(response.status(), 200)
      assert.lengthOf(await db.from('refunds').where('order_id', order.id), 0)
    }
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await admin.expectErrorPage(
      urlFor('console.orders.confirm_refund', { id: UNKNOWN_ID }),
      404,
      'Order not found',
      { amount: '1', reason: 'x' }
    )
  })
})

test.group('Console payments', (group) => {
  eachInTransaction(group)

  test('lists payments newest first, filtered by status, in the nav for admins', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { order } = await paidOrder()
    await db.from('payments').where('checkout_id', order.checkoutId).update({ status: 'CAPTURED' })
    const all = await admin.page(urlFor('console.payments.index'))
    assert.include(all, `href="${urlFor('console.payments.index')}"`)
    assert.include(all, order.checkoutId)
    const captured = await admin.page(urlFor('console.payments.index'), { status: 'CAPTURED' })
    assert.include(captured, order.checkoutId)
    const pending = await admin.page(urlFor('console.payments.index'), { status: 'PENDING' })
    assert.notInclude(pending, order.checkoutId)
  })

  test('a seller cannot open it', async ({ client, assert }) => {
    const seller = await consoleAs(UserType.SELLER, { client, assert })
    const response = await seller.get(urlFor('console.payments.index'))
    assert.notEqual(response.status(), 200)
  })
})
