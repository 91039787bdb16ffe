import { test } from '@japa/runner'
import Order from '#models/order'
import ProductVariant from '#models/product_variant'
import Shop from '#models/shop'
import { ShopStatus } from '#enums/shop_status'
import db from '@adonisjs/lucid/services/db'
import { DEMO_ADMIN_EMAIL, demoEmails } from '#database/seeders/demo_store/demo_store_data'
import { screenshot, seedDemoStore, openAsDemoAdmin } from '#tests/helpers/console'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Console in a browser: shops', (group) => {
  eachInTransaction(group)

  test('an admin approves a shop awaiting approval', async ({ visit, assert }) => {
    await seedDemoStore()
    const pending = await Shop.findByOrFail('name', 'Paper Trail')

    const page = await openAsDemoAdmin(visit)
    await page.getByRole('link', { name: /Shops awaiting approval/ }).click()
    await page.assertPath(urlFor('console.shops.index'))
    await page.assertQueryString({ status: 'PENDING' })
    await page.assertElementsCount('tbody tr', 1)
    await page.getByRole('link', { name: 'Shops', exact: true }).click()
    await screenshot(page, 'shops')

    await page.getByRole('button', { name: 'Approve Paper Trail' }).click()
    await page.assertTextContains('.flash.success', 'Paper Trail is approved')
    await page.assertTextContains(`tr:has-text("Paper Trail")`, 'approved')
    await pending.refresh()
    assert.equal(pending.status, ShopStatus.APPROVED)
  })
})

test.group('Console in a browser: orders', (group) => {
  eachInTransaction(group)

  test('an admin finds an order, reads it with its history and moves it along', async ({
    visit,
    assert,
  }) => {
    await seedDemoStore()
    const clayAndKiln = await Shop.findByOrFail('name', 'Clay & Kiln')
    // A bank transfer placed yesterday or today: still PENDING and UNPAID.
    const waiting = await Order.query()
      .whereIn('user_id', db.from('users').select('id').whereIn('email', demoEmails()))
      .where('status', 'PENDING')
      .where('payment_status', 'UNPAID')
      .preload('items')
      .firstOrFail()
    const [line] = waiting.items
    const stockBefore = await ProductVariant.findOrFail(line.productId).then((row) => row.stock)

    const page = await openAsDemoAdmin(visit)
    await page.assertTextContains('main', 'Orders today')

    await page.getByRole('link', { name: 'Orders', exact: true }).click()
    const [{ $extras: all }] = await Order.query().count('* as total')
    await page.assertTextContains('h1', `(${all.total})`)
    await page.assertElementsCount('tbody tr', 25)
    await screenshot(page, 'orders')
    await page.getByLabel('Shop').selectOption({ label: 'Clay & Kiln' })
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.assertQueryString({ status: '', shopId: clayAndKiln.id, from: '', to: '' })
    const clayOrders = await Order.query().where('shop_id', clayAndKiln.id)
    await page.assertTextContains('h1', `(${clayOrders.length})`)

    await page.getByLabel('Shop').selectOption({ label: 'Any' })
    await page.getByLabel('Status').selectOption('PENDING')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.getByRole('link', { name: waiting.orderNumber }).click()
    await page.assertPath(urlFor('console.orders.show', { id: waiting.id }))
    await page.assertTextContains('h1', `Order ${waiting.orderNumber}`)
    await page.assertTextContains('section[aria-labelledby="items-heading"] tbody', line.name)
    await page.assertTextContains('tfoot tr.total', 'USD')
    await page.assertTextContains('section[aria-labelledby="history-heading"]', 'placed as PENDING')

    await page.getByRole('button', { name: 'Mark confirmed' }).click()
    await page.assertTextContains(
      '.flash.success',
      `Order ${waiting.orderNumber} is now CONFIRMED.`
    )
    await page.getByRole('button', { name: 'Record payment' }).click()
    await page.assertTextContains('.flash.success', 'is now PAID')
    await page.assertTextContains(
      'section[aria-labelledby="history-heading"] tr:has-text("PENDING → CONFIRMED")',
      `SUPER_ADMIN ${DEMO_ADMIN_EMAIL}`
    )
    await page.assertTextContains(
      'section[aria-labelledby="activity-heading"] tr:has-text("order.status_changed")',
      'status: PENDING → CONFIRMED'
    )
    await screenshot(page, 'order-detail')

    await page.getByRole('link', { name: 'Cancel order…' }).click()
    await page.assertTextContains('h1', `Cancel order ${waiting.orderNumber}?`)
    await page.getByRole('button', { name: `Cancel order ${waiting.orderNumber}` }).click()
    await page.assertPath(urlFor('console.orders.show', { id: waiting.id }))
    await page.assertTextContains('.flash.success', 'is now CANCELLED')
    // Cancelling refunds what was paid, as a refund (docs/api/payments.md, "Refunds").
    assert.equal(await page.getByRole('button', { name: /^Record/ }).count(), 0)
    await page.assertTextContains(
      'section[aria-labelledby="payment-heading"] tbody',
      'Order cancelled'
    )

    await waiting.refresh()
    assert.equal(waiting.status, 'CANCELLED')
    assert.equal(waiting.paymentStatus, 'REFUNDED')
    const stockAfter = await ProductVariant.findOrFail(line.productId).then((row) => row.stock)
    assert.equal(stockAfter, stockBefore + line.quantity)
  })
})
