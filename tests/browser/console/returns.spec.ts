import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import Order from '#models/order'
import OrderItem from '#models/order_item'
import User from '#models/user'
import { ReturnService } from '#services/orders/return_service'
import { appendHistory } from '#services/orders/return_history'
import { actorOf } from '#support/actor'
import { sqlTime } from '#support/sql_time'
import { screenshot, seedDemoStore, openAsDemoAdmin } from '#tests/helpers/console'
import { eachInTransaction } from '#tests/helpers/transactions'

/** A paid demo order, delivered now, and its customer's return of one unit of its first line. */
async function requestedReturn() {
  const order = await Order.query()
    .where('payment_status', 'PAID')
    .orderBy('created_at', 'desc')
    .firstOrFail()
  await db.transaction(async (trx) => {
    await trx
      .from('orders')
      .where('id', order.id)
      .update({ status: 'DELIVERED', updated_at: sqlTime(undefined, trx) })
    await appendHistory(trx, order.id, null, 'STATUS', order.status, 'DELIVERED')
  })
  const [line] = await OrderItem.query().where('order_id', order.id).orderBy('position', 'asc')
  const customer = await User.findOrFail(order.userId)
  const returns = await app.container.make(ReturnService)
  const requested = await returns.request(actorOf(customer), order.id, {
    items: [{ productId: line.productId, quantity: 1 }],
    reason: 'Arrived scratched',
  })
  return { order, line, requested }
}

test.group('Console in a browser: returns', (group) => {
  eachInTransaction(group)

  test('the Returns page filters, and a return is approved, then received back in stock', async ({
    visit,
    assert,
  }) => {
    await seedDemoStore()
    const { order, line, requested } = await requestedReturn()

    const page = await openAsDemoAdmin(visit)
    await page.goto(urlFor('console.returns.index'))
    await page.getByLabel('Status').selectOption('REQUESTED')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.assertTextContains('tbody', order.orderNumber)
    await screenshot(page, 'returns')

    await page.goto(urlFor('console.returns.show', { id: requested.id }))
    await page.assertTextContains('h1', `Return for order ${order.orderNumber}`)
    await page.getByRole('button', { name: 'Approve' }).click()
    await page.assertTextContains('.flash.success', 'The return is approved')

    const stock = await db.from('product_variants').where('id', line.productId).firstOrFail()
    await page.getByRole('button', { name: 'Mark received and refund' }).click()
    await page.assertTextContains('.flash.success', 'The items are received and')
    await screenshot(page, 'return-refunded')
    const row = await db.from('returns').where('id', requested.id).firstOrFail()
    assert.equal(row.status, 'REFUNDED')
    const after = await db.from('product_variants').where('id', line.productId).firstOrFail()
    assert.equal(Number(after.stock), Number(stock.stock) + 1)

    await page.goto(urlFor('console.orders.show', { id: order.id }))
    await page.assertTextContains('section[aria-labelledby="returns-heading"] tbody', '1 × ')
  })
})
