import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Order from '#models/order'
import { screenshot, seedDemoStore, openAsDemoAdmin } from '#tests/helpers/console'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Console in a browser: refunds', (group) => {
  eachInTransaction(group)

  test('the order page refunds part of a paid order after asking', async ({ visit, assert }) => {
    await seedDemoStore()
    const order = await Order.query()
      .where('payment_status', 'PAID')
      .orderBy('created_at', 'desc')
      .firstOrFail()

    const page = await openAsDemoAdmin(visit)
    await page.goto(urlFor('console.orders.show', { id: order.id }))
    await page.getByLabel('Refund amount').fill('2.50')
    await page.getByLabel('Reason').fill('Box arrived dented')
    await page.getByRole('button', { name: 'Refund…' }).click()
    await page.assertPath(urlFor('console.orders.confirm_refund', { id: order.id }))
    await page.assertTextContains('h1', `Refund 2.50 USD of order ${order.orderNumber}?`)
    await screenshot(page, 'order-refund-confirm')
    assert.lengthOf(
      await db.from('refunds').where('order_id', order.id),
      0,
      'asking changes nothing'
    )

    await page.getByRole('button', { name: 'Refund 2.50 USD' }).click()
    await page.assertPath(urlFor('console.orders.show', { id: order.id }))
    await page.assertTextContains('.flash.success', 'A refund of 2.50 USD was recorded.')
    await page.assertTextContains(
      'section[aria-labelledby="payment-heading"] tbody',
      'Box arrived dented'
    )
    const rows = await db.from('refunds').where('order_id', order.id)
    assert.deepEqual(
      rows.map((row) => [Number(row.amount_cents), row.status]),
      [[250, 'SUCCEEDED']]
    )
    await screenshot(page, 'order-refunded')
  })
})
