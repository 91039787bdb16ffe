import { test } from '@japa/runner'
import Shop from '#models/shop'
import Product from '#models/product'
import ProductVariant from '#models/product_variant'
import { ShopStatus } from '#enums/shop_status'
import { screenshot, seedDemoStore, openAsDemoAdmin } from '#tests/helpers/console'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Console in a browser: confirmations and detail pages', (group) => {
  eachInTransaction(group)

  test('suspending a shop asks first; its page shows the history', async ({ visit, assert }) => {
    await seedDemoStore()
    const shop = await Shop.findByOrFail('name', 'Clay & Kiln')

    const page = await openAsDemoAdmin(visit)
    await page.goto(urlFor('console.shops.index'))
    await page.getByRole('link', { name: 'Suspend Clay & Kiln' }).click()
    await page.assertPath(urlFor('console.shops.confirm_suspend', { id: shop.id }))
    await page.assertTextContains('h1', 'Suspend Clay & Kiln?')
    await screenshot(page, 'shop-suspend')
    await shop.refresh()
    assert.equal(shop.status, ShopStatus.APPROVED, 'the link alone changes nothing')

    await page.getByRole('link', { name: 'Keep it open' }).click()
    await page.assertPath(urlFor('console.shops.index'))
    await shop.refresh()
    assert.equal(shop.status, ShopStatus.APPROVED)

    await page.getByRole('link', { name: 'Suspend Clay & Kiln' }).click()
    await page.getByRole('button', { name: 'Suspend Clay & Kiln' }).click()
    await page.assertPath(urlFor('console.shops.show', { id: shop.id }))
    await page.assertTextContains('.flash.success', 'Clay & Kiln is suspended')
    await page.assertTextContains(
      'section[aria-labelledby="activity-heading"] tr:has-text("shop.suspended")',
      'status: APPROVED → SUSPENDED'
    )
    await shop.refresh()
    assert.equal(shop.status, ShopStatus.SUSPENDED)

    await page.getByRole('button', { name: 'Approve' }).click()
    await page.assertTextContains('.flash.success', 'Clay & Kiln is approved')
    // The status is a badge, not the template tag left as text.
    assert.notInclude(await page.content(), '@!component')
    await page.assertExists('.facts .badge.ok')
    await screenshot(page, 'shop-detail')
  })

  test('a product links to its page with its takedown history', async ({ visit }) => {
    await seedDemoStore()
    const mugVariant = await ProductVariant.findByOrFail('sku', 'CK-MUG-INK')
    const mug = await Product.findOrFail(mugVariant.productId)

    const page = await openAsDemoAdmin(visit)
    await page.goto(urlFor('console.products.confirm_take_down', { id: mug.id }))
    await page.getByLabel('Reason shown to the seller').fill('Glaze not certified food-safe.')
    await page.getByRole('button', { name: `Take down ${mug.name}` }).click()
    await page.getByLabel('Status').selectOption('taken_down')
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await page.getByRole('link', { name: mug.name, exact: true }).click()
    await page.assertPath(urlFor('console.products.show', { id: mug.id }))
    await page.assertTextContains('h1', mug.name)
    await page.assertTextContains(
      'section[aria-labelledby="activity-heading"]',
      'takedownReason: — → Glaze not certified food-safe.'
    )
    await page.getByRole('link', { name: 'Clay & Kiln', exact: true }).click()
    await page.assertTextContains('h1', 'Clay & Kiln')
    await page.goBack()
    await screenshot(page, 'product-detail')
  })
})
