import { test } from '@japa/runner'
import type { Page } from 'playwright'
import { urlFor } from '@adonisjs/core/services/url_builder'
import consoleSecurity from '#config/console_security'
import User from '#models/user'
import AdminPasskey from '#models/admin_passkey'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { screenshot, signIn } from '#tests/helpers/console'

/**
 * Gives the page's browser Chromium's virtual authenticator (the WebAuthn domain of the DevTools
 * protocol): a platform passkey store that answers at once, as a user touching it would.
 */
async function withVirtualAuthenticator(page: Page) {
  const devtools = await page.context().newCDPSession(page)
  await devtools.send('WebAuthn.enable')
  const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  const credentials = async () => {
    const answer = await devtools.send('WebAuthn.getCredentials', { authenticatorId })
    return answer.credentials
  }
  return { credentials }
}

test.group('Console in a browser: second factors', (group) => {
  const created: User[] = []
  group.each.teardown(async () => {
    consoleSecurity.requireSecondFactor = false
    for (const user of created.splice(0)) await User.query().where('id', user.id).delete()
  })
  const remember = (user: User) => (created.push(user), user)

  test('an administrator adds a passkey, signs out, and signs in with it', async ({
    visit,
    assert,
  }) => {
    const admin = remember(await makeUser(UserType.ADMIN))
    const page = await visit(urlFor('console.login'))
    const authenticator = await withVirtualAuthenticator(page)
    await signIn(page, admin.email)
    await page.assertPath(urlFor('console.dashboard'))

    await page.getByRole('link', { name: admin.email }).click()
    await page.assertPath(urlFor('console.security.show'))
    await page.getByLabel('Name').fill('Laptop')
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.assertTextContains('.flash.success', 'The passkey "Laptop" is added.')
    await page.assertTextContains('table', 'Laptop')
    await screenshot(page, 'security')
    assert.lengthOf(await authenticator.credentials(), 1)
    const stored = await AdminPasskey.findByOrFail('user_id', admin.id)
    assert.equal(stored.name, 'Laptop')

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.assertPath(urlFor('console.login'))
    await signIn(page, admin.email)
    await page.assertPath(urlFor('console.login.verify'))
    // The password alone opened nothing.
    await page.goto(urlFor('console.dashboard'))
    await page.assertPath(urlFor('console.login'))

    await signIn(page, admin.email)
    await page.assertPath(urlFor('console.login.verify'))
    await page.getByRole('button', { name: 'Use a passkey' }).click()
    await page.assertPath(urlFor('console.dashboard'))
    await page.assertTextContains('h1', 'Dashboard')
    await stored.refresh()
    assert.isNotNull(stored.lastUsedAt)
  })

  test('with CONSOLE_REQUIRE_2FA, an administrator without one is sent to add one first', async ({
    visit,
  }) => {
    consoleSecurity.requireSecondFactor = true
    const admin = remember(await makeUser(UserType.ADMIN))
    const page = await visit(urlFor('console.login'))
    await withVirtualAuthenticator(page)
    await signIn(page, admin.email)
    await page.assertPath(urlFor('console.security.show'))
    await page.assertTextContains('.flash.error', 'Set up a second factor to use the console.')
    await page.goto(urlFor('console.orders.index'))
    await page.assertPath(urlFor('console.security.show'))

    await page.getByLabel('Name').fill('Built-in')
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.assertTextContains('.flash.success', 'The passkey "Built-in" is added.')
    await page.goto(urlFor('console.orders.index'))
    await page.assertPath(urlFor('console.orders.index'))
  })

  test('with CONSOLE_REQUIRE_2FA, a password without the passkey opens nothing', async ({
    visit,
  }) => {
    consoleSecurity.requireSecondFactor = true
    const admin = remember(await makeUser(UserType.ADMIN))
    const page = await visit(urlFor('console.login'))
    await withVirtualAuthenticator(page)
    await signIn(page, admin.email)
    await page.getByLabel('Name').fill('Laptop')
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.assertTextContains('.flash.success', 'is added')
    await page.getByRole('button', { name: 'Sign out' }).click()

    await signIn(page, admin.email)
    await page.assertPath(urlFor('console.login.verify'))
    await page.assertExists('button:text("Use a passkey")')
    for (const route of ['console.dashboard', 'console.security.show'] as const) {
      await page.goto(urlFor(route))
      await page.assertPath(urlFor('console.login'))
    }
  })
})
