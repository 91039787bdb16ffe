import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Product from '#models/product'
import { screenshot, seedDemoStore, openAsDemoAdmin } from '#tests/helpers/console'

test.group('Console in a browser: products', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an admin filters the products, deactivates one and activates it again', async ({
    visit,
    assert,
  }) => {
    await seedDemoStore()
    const mug = await Product.findByOrFail('name', 'Stoneware Mug, Ink Blue')

    const page = await openAsDemoAdmin(visit)
    await page.getByRole('link', { name: 'Products', exact: true }).click()
    await page.assertPath('/admin/products')
    await screenshot(page, 'products')

    await page.getByLabel('Shop').selectOption({ label: 'Clay & Kiln' })
    await page.getByLabel('Status').selectOption('active')
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await page.assertPath('/admin/products')
    await page.getByRole('button', { name: 'Deactivate Stoneware Mug, Ink Blue' }).click()
    await page.assertTextContains(
      '.flash.success',
      'Stoneware Mug, Ink Blue is deactivated: it left the catalog.'
    )
    await mug.refresh()
    assert.isFalse(mug.isActive)

    await page.getByLabel('Status').selectOption('inactive')
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await page.getByRole('button', { name: 'Activate Stoneware Mug, Ink Blue' }).click()
    await page.assertTextContains('.flash.success', 'Stoneware Mug, Ink Blue is active.')
    await mug.refresh()
    assert.isTrue(mug.isActive)
  })
})
