import { test } from '@japa/runner'
import { CHART_DAYS } from '#services/admin/dashboard_service'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { ShopFactory } from '#database/factories/shop_factory'
import { PolicyFactory } from '#database/factories/policy_factory'
import { screenshot, seedDemoStore, openAsDemoAdmin, signIn } from '#tests/helpers/console'
import { eachInTransaction } from '#tests/helpers/transactions'

test.group('Console in a browser: dashboard', (group) => {
  eachInTransaction(group)

  test('the dashboard draws the last 30 days and names low-stock products', async ({ visit }) => {
    await seedDemoStore()

    const page = await openAsDemoAdmin(visit)
    await page.assertTextContains('main', 'Orders today')
    const chart = page.getByRole('img', { name: /Orders and revenue per day/ })
    await chart.waitFor()
    await page.assertElementsCount('svg rect.bar', CHART_DAYS)
    await page.assertElementsCount('table.visually-hidden tbody tr', CHART_DAYS)
    await page.assertTextContains('.low-stock', 'Teapot, 1 L')
    await page.assertTextContains('main', 'Failed mail')
    await screenshot(page, 'dashboard')
  })
})

test.group('Console in a browser: getting started', (group) => {
  eachInTransaction(group)

  test('a new store lists its first steps, each ticking itself once done', async ({
    visit,
    assert,
  }) => {
    // A store with nothing set up but its Super Admin and the two built-in shipping methods.
    await db
      .from('admin_actions')
      .whereIn('action', ['shipping_method.created', 'shipping_method.updated'])
      .delete()
    await db.from('tax_rates').delete()
    await db.from('orders').delete()
    await db.from('shops').where('status', 'APPROVED').update({ status: 'SUSPENDED' })
    await db.from('legal_policies').update({ is_active: false })
    const admin = await makeUser(UserType.SUPER_ADMIN)

    const page = await visit(urlFor('console.login'))
    await page.setViewportSize({ width: 1280, height: 800 })
    await signIn(page, admin.email)
    await page.assertTextContains('#setup-heading', '0 of 4 done')
    await page.assertElementsCount('.checklist li.todo', 4)
    await screenshot(page, 'dashboard-getting-started')

    await page.getByRole('link', { name: 'Add a tax rate' }).click()
    await page.assertPath(urlFor('console.tax_rates.create'))
    await page.getByLabel('Country').fill('US')
    await page.getByLabel('Region').fill('TX')
    await page.getByLabel('Rate (%)').fill('6.25')
    await page.getByRole('button', { name: 'Add tax rate' }).click()
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click()
    await page.assertTextContains('#setup-heading', '1 of 4 done')
    await page.assertExists('.checklist li.done[data-step="tax_rate"]')

    await PolicyFactory.merge({ version: '77.0' }).create()
    await PolicyFactory.apply('terms').merge({ version: '77.0' }).create()
    const seller = await makeUser(UserType.SELLER)
    await ShopFactory.merge({ sellerId: seller.id }).create()
    await page.getByRole('link', { name: 'Create a shipping method' }).click()
    await page.assertPath(urlFor('console.shipping_methods.index'))
    await page.getByRole('link', { name: 'New shipping method' }).click()
    await page.getByLabel('Name').fill('Cargo bike')
    await page.getByLabel(/^Price/).fill('4')
    await page.getByLabel('Estimated days').fill('1')
    await page.getByRole('button', { name: 'Add shipping method' }).click()
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click()
    await page.assertNotExists('#setup-heading')
    assert.isNotNull(await db.from('tax_rates').where('country', 'US').first())
  })
})
