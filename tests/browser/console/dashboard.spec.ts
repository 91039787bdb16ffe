import { test } from '@japa/runner'
import { CHART_DAYS } from '#services/admin/dashboard_service'
import { screenshot, seedDemoStore, openAsDemoAdmin } from '#tests/helpers/console'
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
