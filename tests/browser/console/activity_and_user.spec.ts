import { test } from '@japa/runner'
import { screenshot, seedDemoStore, openAsDemoAdmin } from '#tests/helpers/console'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'

const CUSTOMER = 'emma.johnson@demo.example'

test.group('Console in a browser: activity and a user', (group) => {
  eachInTransaction(group)

  test('a Super Admin reads the activity and one customer’s page', async ({ visit, assert }) => {
    await seedDemoStore()

    const page = await openAsDemoAdmin(visit)
    await page.getByRole('link', { name: 'Activity', exact: true }).click()
    await page.assertPath(urlFor('console.activity.index'))
    await page.assertTextContains('h1', 'Activity')
    await screenshot(page, 'activity')

    await page.goto(urlFor('console.users.index', {}, { qs: { email: CUSTOMER } }))
    await page.getByRole('link', { name: `Details of ${CUSTOMER}` }).click()
    await page.assertTextContains('h1', CUSTOMER)
    // Each order's status is a badge, not the template tag left as text.
    assert.notInclude(await page.content(), '@!component')
    await page.assertExists('table .badge')
    await screenshot(page, 'user')
  })
})
