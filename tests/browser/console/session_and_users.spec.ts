import { test } from '@japa/runner'
import User from '#models/user'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { DEMO_SHOPS } from '#database/seeders/demo_store/demo_store_data'
import { screenshot, seedDemoStore, signIn, openAsDemoAdmin } from '#tests/helpers/console'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Console in a browser: sign-in and users', (group) => {
  const created: User[] = []
  group.each.teardown(async () => {
    for (const user of created.splice(0)) await User.query().where('id', user.id).delete()
  })
  const remember = (user: User) => (created.push(user), user)

  test('a Super Admin signs in, sees the dashboard and signs out', async ({ visit }) => {
    const admin = remember(await makeUser(UserType.SUPER_ADMIN))
    const page = await visit(urlFor('console.login'))
    await screenshot(page, 'login')
    await signIn(page, admin.email)
    await page.assertPath(urlFor('console.dashboard'))
    await page.assertTextContains('h1', 'Dashboard')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.assertPath(urlFor('console.login'))
    await page.assertTextContains('.flash.success', 'signed out')
  })

  test('a customer account is refused at sign-in', async ({ visit }) => {
    const customer = remember(await makeUser(UserType.CUSTOMER))
    const page = await visit(urlFor('console.login'))
    await signIn(page, customer.email)
    await page.assertPath(urlFor('console.login'))
    await page.assertTextContains('.flash.error', 'Invalid e-mail, password or user type')
    await page.assertExists('input[name="email"][value="' + customer.email + '"]')
  })

  test('a form posted without its CSRF token is refused', async ({ visit, assert }) => {
    const admin = remember(await makeUser(UserType.SUPER_ADMIN))
    const target = remember(await makeUser(UserType.CUSTOMER))
    const page = await visit(urlFor('console.login'))
    await signIn(page, admin.email)
    await page.goto(urlFor('console.users.confirm_deactivate', { id: target.id }))
    await page
      .locator(`form[action$="/${target.id}/deactivate"] input[name="_csrf"]`)
      .evaluate((input) => input.remove())
    await page.getByRole('button', { name: `Deactivate ${target.email}` }).click()
    await page.assertTextContains('.flash.error', 'expired')
    await target.refresh()
    assert.isTrue(target.isActive)
  })

  test('a Super Admin deactivates and reactivates a user', async ({ visit, assert }) => {
    const admin = remember(await makeUser(UserType.SUPER_ADMIN))
    const target = remember(await makeUser(UserType.SELLER))
    const page = await visit(urlFor('console.login'))
    await signIn(page, admin.email)
    await page.goto(urlFor('console.users.index', {}, { qs: { email: target.email } }))
    await page.getByRole('link', { name: `Deactivate ${target.email}` }).click()
    await page.assertPath(urlFor('console.users.confirm_deactivate', { id: target.id }))
    await page.assertTextContains('h1', `Deactivate ${target.email}?`)
    await target.refresh()
    assert.isTrue(target.isActive, 'following the link alone changes nothing')
    await page.getByRole('link', { name: 'Keep it active' }).click()
    await page.assertPath(urlFor('console.users.index'))
    await target.refresh()
    assert.isTrue(target.isActive)

    await page.goto(urlFor('console.users.index', {}, { qs: { email: target.email } }))
    await page.getByRole('link', { name: `Deactivate ${target.email}` }).click()
    await page.getByRole('button', { name: `Deactivate ${target.email}` }).click()
    await page.assertPath(urlFor('console.users.show', { id: target.id }))
    await page.assertTextContains('.flash.success', 'is now deactivated')
    await target.refresh()
    assert.isFalse(target.isActive)

    await page.getByRole('button', { name: `Activate ${target.email}` }).click()
    await page.assertTextContains('.flash.success', 'is now active')
    await target.refresh()
    assert.isTrue(target.isActive)
  })

  test('an Admin sees that it may not manage an administrator', async ({ visit }) => {
    const admin = remember(await makeUser(UserType.ADMIN))
    const otherAdmin = remember(await makeUser(UserType.ADMIN))
    const page = await visit(urlFor('console.login'))
    await signIn(page, admin.email)
    await page.goto(urlFor('console.users.index', {}, { qs: { email: otherAdmin.email } }))
    await page.assertTextContains('tbody', 'Only a Super Admin may manage administrator accounts')
    await page.assertNotExists(`a[aria-label="Deactivate ${otherAdmin.email}"]`)
  })

  test('the type selector starts blank, so a click alone changes no type', async ({
    visit,
    assert,
  }) => {
    const admin = remember(await makeUser(UserType.ADMIN))
    const customer = remember(await makeUser(UserType.CUSTOMER))
    const page = await visit(urlFor('console.login'))
    await signIn(page, admin.email)
    await page.goto(urlFor('console.users.index', {}, { qs: { email: customer.email } }))
    const select = page.locator(`form[action$="/${customer.id}/type"] select`)
    assert.equal(await select.inputValue(), '')
    await page.getByRole('button', { name: 'Change type' }).click()
    await page.assertPath(urlFor('console.users.index'))
    await customer.refresh()
    assert.equal(customer.userType, UserType.CUSTOMER)

    // Without the browser's own check (`required`), the server refuses the blank choice itself.
    await select.evaluate((element) => element.removeAttribute('required'))
    await page.getByRole('button', { name: 'Change type' }).click()
    await page.assertTextContains('.flash.error', 'New type is required')
    await customer.refresh()
    assert.equal(customer.userType, UserType.CUSTOMER)

    await select.selectOption('SELLER')
    await page.getByRole('button', { name: 'Change type' }).click()
    await page.assertTextContains('.flash.success', `${customer.email} is now SELLER.`)
  })

  test('an Admin who forces a Super-Admin-only change is refused and nothing changes', async ({
    visit,
    assert,
  }) => {
    const admin = remember(await makeUser(UserType.ADMIN))
    const customer = remember(await makeUser(UserType.CUSTOMER))
    const page = await visit(urlFor('console.login'))
    await signIn(page, admin.email)
    await page.goto(urlFor('console.users.index', {}, { qs: { email: customer.email } }))
    // The form only offers the types an Admin may grant; add the forbidden one as a tampered
    // browser would, and submit it.
    await page
      .locator(`form[action$="/${customer.id}/type"] select`)
      .evaluate((select) =>
        select.insertAdjacentHTML(
          'beforeend',
          '<option value="SUPER_ADMIN" selected>SUPER_ADMIN</option>'
        )
      )
    await page.getByRole('button', { name: 'Change type' }).click()
    await page.assertTextContains('.flash.error', 'Only a Super Admin')
    await customer.refresh()
    assert.equal(customer.userType, UserType.CUSTOMER)
  })
})

test.group('Console in a browser: the users of the demo store', (group) => {
  eachInTransaction(group)

  test('the Users page lists every account with its type and status', async ({ visit }) => {
    await seedDemoStore()
    const page = await openAsDemoAdmin(visit)
    await page.getByRole('link', { name: 'Users' }).click()
    await page.assertPath(urlFor('console.users.index'))
    const seller = DEMO_SHOPS[0].sellerEmail
    await page.assertTextContains(`tr:has-text("${seller}")`, 'SELLER')
    await page.assertExists(`a[aria-label="Deactivate ${seller}"]`)
    await screenshot(page, 'users')
  })
})
