import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import ace from '@adonisjs/core/services/ace'
import User from '#models/user'
import { UserType } from '#enums/user_type'
import { SuperAdminService } from '#services/accounts/super_admin_service'
import { makeUser } from '#tests/helpers/actors'
import { expectEnvelope } from '#tests/helpers/responses'
import { login, setAsideSuperAdmins, uniqueEmail } from './support.js'
import { eachInTransaction } from '#tests/helpers/transactions'

const ADMIN_PASSWORD = 'Harbor-Lighthouse-8830'

/** Runs `node ace admin:create` in-process and returns the finished command. */
async function adminCreate(...argv: string[]) {
  const command = await ace.exec('admin:create', argv)
  return command
}

function superAdminsOf(email: string) {
  return User.query().where('email', email).where('user_type', UserType.SUPER_ADMIN)
}

test.group('node ace admin:create', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('creates a verified, active Super Admin who can sign in as admin', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('root')
    const command = await adminCreate(
      `--email=  ${email.toUpperCase()} `,
      `--password=${ADMIN_PASSWORD}`
    )
    assert.equal(command.exitCode, 0)

    const rows = await superAdminsOf(email)
    assert.lengthOf(rows, 1)
    assert.isTrue(rows[0].isVerified)
    assert.isTrue(rows[0].isActive)
    assert.isFalse(rows[0].awaitingApproval)
    assert.match(rows[0].password, /^\$argon2id\$/)

    const signedIn = expectEnvelope(
      assert,
      await login(client, email, ADMIN_PASSWORD, 'admin'),
      200
    )
    assert.equal(signedIn.user.role, 'SUPER_ADMIN')
  })

  test('refuses a second Super Admin with the same e-mail', async ({ assert }) => {
    const email = uniqueEmail('twice')
    const first = await adminCreate(`--email=${email}`, `--password=${ADMIN_PASSWORD}`)
    assert.equal(first.exitCode, 0)
    const again = await adminCreate(`--email=${email}`, '--password=Another-Password-4411')
    assert.equal(again.exitCode, 1)
    assert.lengthOf(await superAdminsOf(email), 1)
  })

  test('refuses a weak password and an invalid e-mail, creating nothing', async ({ assert }) => {
    const email = uniqueEmail('weak-root')
    for (const argv of [
      [`--email=${email}`, '--password=password123'],
      [`--email=${email}`, '--password=short'],
      [`--email=${email}`, `--password=${email}`],
    ]) {
      const command = await adminCreate(...argv)
      assert.equal(command.exitCode, 1, argv.join(' '))
    }
    assert.lengthOf(await superAdminsOf(email), 0)

    const invalid = await adminCreate('--email=not-an-address', `--password=${ADMIN_PASSWORD}`)
    assert.equal(invalid.exitCode, 1)
    assert.lengthOf(await User.query().where('email', 'not-an-address'), 0)
  })

  test('an e-mail with other accounts still gets its own Super Admin account', async ({
    assert,
  }) => {
    const customer = await makeUser(UserType.CUSTOMER)
    const command = await adminCreate(`--email=${customer.email}`, `--password=${ADMIN_PASSWORD}`)
    assert.equal(command.exitCode, 0)
    const accounts = await User.query().where('email', customer.email).orderBy('user_type')
    assert.deepEqual(
      accounts.map((account) => account.userType),
      [UserType.CUSTOMER, UserType.SUPER_ADMIN]
    )
  })
})

test.group('SuperAdminService.ensure (start-up bootstrap)', (group) => {
  eachInTransaction(group)

  test('creates the Super Admin named by the environment once', async ({ assert }) => {
    await setAsideSuperAdmins()
    const email = uniqueEmail('bootstrap')
    const service = await app.container.make(SuperAdminService)

    const created = await service.ensure(` ${email.toUpperCase()}`, ADMIN_PASSWORD)
    assert.equal(created?.email, email)
    assert.equal(created?.userType, UserType.SUPER_ADMIN)
    assert.isTrue(created?.isVerified)

    assert.isNull(await service.ensure(email, 'A-Different-Password-91'))
    const rows = await superAdminsOf(email)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].id, created?.id)
  })

  test('does nothing when either variable is missing', async ({ assert }) => {
    const service = await app.container.make(SuperAdminService)
    const email = uniqueEmail('half')
    assert.isNull(await service.ensure(email, undefined))
    assert.isNull(await service.ensure(undefined, ADMIN_PASSWORD))
    assert.isNull(await service.ensure('', ''))
    assert.lengthOf(await superAdminsOf(email), 0)
  })

  test('refuses a weak password loudly instead of creating a weak admin', async ({ assert }) => {
    await setAsideSuperAdmins()
    const email = uniqueEmail('weak-bootstrap')
    const superAdmin = await app.container.make(SuperAdminService)
    await assert.rejects(() => superAdmin.ensure(email, 'password123'))
    assert.lengthOf(await superAdminsOf(email), 0)
  })
})
