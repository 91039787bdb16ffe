import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Order from '#models/order'
import Product from '#models/product'
import ProductVariant from '#models/product_variant'
import { screenshot, seedDemoStore, openAsDemoAdmin } from '#tests/helpers/console'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Console in a browser: search', (group) => {
  eachInTransaction(group)

  test('the header search opens one match, lists several and says when none', async ({ visit }) => {
    await seedDemoStore()
    const order = await Order.query().orderBy('created_at', 'desc').firstOrFail()
    const teapotVariant = await ProductVariant.findByOrFail('sku', 'CK-TEAPOT')
    const teapot = await Product.findOrFail(teapotVariant.productId)
    const search = async (text: string) => {
      await page.getByRole('searchbox', { name: 'Search the console' }).fill(text)
      await page.getByRole('button', { name: 'Search', exact: true }).click()
    }

    const page = await openAsDemoAdmin(visit)
    await search(order.orderNumber.toLowerCase())
    await page.assertPath(urlFor('console.orders.show', { id: order.id }))
    await page.assertTextContains('h1', order.orderNumber)

    await search('ck-teapot')
    await page.assertPath(urlFor('console.products.show', { id: teapot.id }))

    await search('mug')
    await page.assertPath(urlFor('console.search.index'))
    await page.assertTextContains('main', 'matches for “mug”')
    const [{ total }] = await db
      .from('products')
      .whereNull('deleted_at')
      .whereRaw(`lower(name) like '%mug%'`)
      .count('* as total')
    await page.assertElementsCount('tbody tr[data-kind="product"]', Number(total))
    await screenshot(page, 'search')

    await search('100%')
    await page.assertTextContains('main', 'Nothing matches “100%”')
  })
})
