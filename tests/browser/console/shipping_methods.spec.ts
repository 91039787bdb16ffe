import { test } from '@japa/runner'
import ShippingMethod from '#models/shipping_method'
import { screenshot, seedDemoStore, openAsDemoAdmin } from '#tests/helpers/console'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Console in a browser: shipping methods', (group) => {
  eachInTransaction(group)

  test('an admin adds a method, deactivates it and edits it back on', async ({ visit, assert }) => {
    await seedDemoStore()

    const page = await openAsDemoAdmin(visit)
    await page.getByRole('link', { name: 'Shipping', exact: true }).click()
    await page.assertPath(urlFor('console.shipping_methods.index'))
    await page.getByRole('link', { name: 'New shipping method' }).click()

    await page.getByLabel('Name').fill('Overnight')
    await page.getByLabel('Price (USD)').fill('24.50')
    await page.getByLabel('Estimated days').fill('400')
    await page.getByRole('button', { name: 'Add shipping method' }).click()
    await page.assertPath(urlFor('console.shipping_methods.create'))
    await page.assertTextContains('.flash.error', 'The request is invalid')
    await page.assertInputValue('#name', 'Overnight')

    await page.getByLabel('Estimated days').fill('1')
    await page.getByRole('button', { name: 'Add shipping method' }).click()
    await page.assertPath(urlFor('console.shipping_methods.index'))
    await page.assertTextContains('.flash.success', 'Shipping method Overnight is added.')
    await screenshot(page, 'shipping-methods')
    const added = await ShippingMethod.findByOrFail('name', 'Overnight')
    assert.equal(added.priceCents, 2450)

    await page.getByRole('button', { name: 'Deactivate Overnight' }).click()
    await page.assertTextContains('.flash.success', 'Shipping method Overnight is deactivated.')
    await added.refresh()
    assert.isFalse(added.isActive)

    await page.getByRole('link', { name: 'Edit Overnight' }).click()
    await page.getByLabel('Active (offered at checkout)').check()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.assertTextContains('.flash.success', 'Shipping method Overnight is saved.')
    await added.refresh()
    assert.isTrue(added.isActive)
  })
})
