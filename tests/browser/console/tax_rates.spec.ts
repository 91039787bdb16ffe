import { test } from '@japa/runner'
import TaxRate from '#models/tax_rate'
import { screenshot, seedDemoStore, openAsDemoAdmin } from '#tests/helpers/console'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Console in a browser: tax rates', (group) => {
  eachInTransaction(group)

  test('an admin adds a regional rate, corrects it, then removes it after confirming', async ({
    visit,
    assert,
  }) => {
    await seedDemoStore()

    const page = await openAsDemoAdmin(visit)
    await page.getByRole('link', { name: 'Tax rates' }).click()
    await page.assertPath(urlFor('console.tax_rates.index'))
    await page.getByRole('link', { name: 'New tax rate' }).click()

    await page.getByLabel('Country').fill('us')
    await page.getByLabel('Region').fill('wa')
    await page.getByLabel('Rate (%)').fill('101')
    await page.getByRole('button', { name: 'Add tax rate' }).click()
    await page.assertPath(urlFor('console.tax_rates.create'))
    await page.assertTextContains('.flash.error', 'The request is invalid')
    await page.assertInputValue('#region', 'wa')

    await page.getByLabel('Rate (%)').fill('6.5')
    await page.getByRole('button', { name: 'Add tax rate' }).click()
    await page.assertPath(urlFor('console.tax_rates.index'))
    await page.assertTextContains('.flash.success', 'The tax rate for US-WA is added.')
    await screenshot(page, 'tax-rates')
    const added = await TaxRate.query().where('country', 'US').where('region', 'WA').firstOrFail()
    assert.equal(added.rate, 6500)

    await page.getByRole('link', { name: 'Edit tax rate US-WA' }).click()
    await page.getByLabel('Rate (%)').fill('6.875')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.assertTextContains('.flash.success', 'The tax rate for US-WA is saved.')
    await added.refresh()
    assert.equal(added.rate, 6875)

    await page.getByRole('link', { name: 'Remove tax rate US-WA' }).click()
    await page.assertTextContains('h1', 'Remove the tax rate for US-WA?')
    await page.getByRole('button', { name: 'Remove the rate for US-WA' }).click()
    await page.assertPath(urlFor('console.tax_rates.index'))
    await page.assertTextContains('.flash.success', 'The tax rate for US-WA is removed.')
    assert.isNull(await TaxRate.find(added.id))
  })
})
