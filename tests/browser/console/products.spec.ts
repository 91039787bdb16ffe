import { test } from '@japa/runner'
import Product from '#models/product'
import ProductVariant from '#models/product_variant'
import { screenshot, seedDemoStore, openAsDemoAdmin } from '#tests/helpers/console'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Console in a browser: products', (group) => {
  eachInTransaction(group)

  test('an admin filters the products, takes one down with a reason and restores it', async ({
    visit,
    assert,
  }) => {
    await seedDemoStore()
    const mug = await Product.findByOrFail('name', 'Stoneware Mug, Ink Blue')

    const page = await openAsDemoAdmin(visit)
    await page.getByRole('link', { name: 'Products', exact: true }).click()
    await page.assertPath(urlFor('console.products.index'))
    await screenshot(page, 'products')

    await page.getByLabel('Shop').selectOption({ label: 'Clay & Kiln' })
    await page.getByLabel('Status').selectOption('active')
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await page.assertPath(urlFor('console.products.index'))
    await page.getByRole('link', { name: 'Take down Stoneware Mug, Ink Blue' }).click()
    await page.assertPath(urlFor('console.products.confirm_take_down', { id: mug.id }))
    await page.getByLabel('Reason shown to the seller').fill('Glaze not certified food-safe.')
    await screenshot(page, 'product-take-down')
    await page.getByRole('button', { name: 'Take down Stoneware Mug, Ink Blue' }).click()
    await page.assertTextContains(
      '.flash.success',
      'Stoneware Mug, Ink Blue is taken down: it left the catalog.'
    )
    await mug.refresh()
    assert.isNotNull(mug.takenDownAt)
    assert.equal(mug.takedownReason, 'Glaze not certified food-safe.')
    assert.isTrue(mug.isActive)

    await page.getByLabel('Status').selectOption('taken_down')
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await page.assertTextContains('tbody', 'Glaze not certified food-safe.')
    await page.getByRole('button', { name: 'Restore Stoneware Mug, Ink Blue' }).click()
    await page.assertTextContains('.flash.success', 'Stoneware Mug, Ink Blue is restored.')
    await mug.refresh()
    assert.isNull(mug.takenDownAt)
    assert.isNull(mug.takedownReason)
  })

  test('an admin edits a product’s stock from its page', async ({ visit, assert }) => {
    await seedDemoStore()
    const mug = await Product.findByOrFail('name', 'Stoneware Mug, Ink Blue')

    const page = await openAsDemoAdmin(visit)
    await page.goto(urlFor('console.products.show', { id: mug.id }))
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    await page.assertPath(urlFor('console.products.edit', { id: mug.id }))
    await page.getByLabel('Stock', { exact: true }).fill('54')
    await page.getByRole('button', { name: 'Save the product' }).click()
    await page.assertTextContains('.flash.success', 'Stoneware Mug, Ink Blue is saved.')
    const variant = await ProductVariant.findOrFail(mug.id)
    assert.equal(variant.stock, 54)
  })
})
