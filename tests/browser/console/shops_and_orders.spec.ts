import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Order from '#models/order'
import Product from '#models/product'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { makeUser } from '#tests/helpers/actors'
import { ShopFactory } from '#database/factories/shop_factory'
import { placedCheckout } from '#tests/functional/orders/fixtures'
import { screenshot, signIn } from '#tests/helpers/console'

test.group('Console in a browser: shops', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an admin approves a shop awaiting approval', async ({ visit, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const seller = await makeUser(UserType.SELLER, { email: 'maker@example.com' })
    const pending = await ShopFactory.merge({
      sellerId: seller.id,
      name: 'Clay & Kiln',
      description: 'Hand-thrown stoneware',
    })
      .apply('pending')
      .create()
    await ShopFactory.merge({ sellerId: seller.id, name: 'Loom Works' }).create()
    await ShopFactory.merge({ sellerId: seller.id, name: 'Old Socks' }).apply('suspended').create()

    const page = await visit('/admin/login')
    await page.setViewportSize({ width: 1280, height: 800 })
    await signIn(page, admin.email)
    await page.getByRole('link', { name: /Shops awaiting approval/ }).click()
    await page.assertPath('/admin/shops')
    await page.assertQueryString({ status: 'PENDING' })
    await page.assertElementsCount('tbody tr', 1)
    await page.getByRole('link', { name: 'Shops', exact: true }).click()
    await screenshot(page, 'shops')

    await page.getByRole('button', { name: 'Approve Clay & Kiln' }).click()
    await page.assertTextContains('.flash.success', 'Clay & Kiln is approved')
    await page.assertTextContains(`tr:has-text("Clay & Kiln")`, 'approved')
    await pending.refresh()
    assert.equal(pending.status, ShopStatus.APPROVED)
  })
})

test.group('Console in a browser: orders', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an admin finds an order, reads it with its history and moves it along', async ({
    visit,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN, { email: 'ops@example.com' })
    const { orders, mug } = await placedCheckout()
    const [alpha] = orders

    const page = await visit('/admin/login')
    await page.setViewportSize({ width: 1280, height: 800 })
    await signIn(page, admin.email)
    await page.assertTextContains('main', 'Orders today')
    await screenshot(page, 'dashboard')

    await page.getByRole('link', { name: 'Orders', exact: true }).click()
    await page.assertElementsCount('tbody tr', 2)
    await screenshot(page, 'orders')
    await page.getByLabel('Shop').selectOption({ label: 'Alpha Goods' })
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.assertQueryString({ status: '', shopId: alpha.shopId, from: '', to: '' })
    await page.assertElementsCount('tbody tr', 1)

    await page.getByRole('link', { name: alpha.orderNumber }).click()
    await page.assertPath(`/admin/orders/${alpha.id}`)
    await page.assertTextContains('h1', `Order ${alpha.orderNumber}`)
    await page.assertTextContains('section[aria-labelledby="items-heading"] tbody', 'Mug')
    await page.assertTextContains('section[aria-labelledby="items-heading"] tbody', 'Spoon')
    await page.assertTextContains('tfoot tr.total', 'USD')
    await page.assertTextContains('section[aria-labelledby="history-heading"]', 'placed as PENDING')

    await page.getByRole('button', { name: 'Mark confirmed' }).click()
    await page.assertTextContains('.flash.success', `Order ${alpha.orderNumber} is now CONFIRMED.`)
    await page.getByRole('button', { name: 'Record payment' }).click()
    await page.assertTextContains('.flash.success', 'is now PAID')
    await page.assertTextContains('tr:has-text("PENDING → CONFIRMED")', 'ADMIN ops@example.com')
    await screenshot(page, 'order-detail')

    await page.getByRole('link', { name: 'Cancel order…' }).click()
    await page.assertTextContains('h1', `Cancel order ${alpha.orderNumber}?`)
    await page.getByRole('button', { name: `Cancel order ${alpha.orderNumber}` }).click()
    await page.assertPath(`/admin/orders/${alpha.id}`)
    await page.assertTextContains('.flash.success', 'is now CANCELLED')
    await page.assertTextContains('section[aria-labelledby="actions-heading"]', 'Record refund')

    await alpha.refresh()
    assert.equal(alpha.status, 'CANCELLED')
    assert.equal(alpha.paymentStatus, 'PAID')
    assert.equal(await Product.findOrFail(mug.id).then((row) => row.stock), mug.stock)
    assert.equal(await Order.findOrFail(orders[1].id).then((row) => row.status), 'PENDING')
  })
})
