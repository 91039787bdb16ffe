import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import User from '#models/user'
import { UserType } from '#enums/user_type'
import { ShippingAddressFactory } from '#database/factories/shipping_address_factory'
import { AccountErasureService } from '#services/privacy/account_erasure_service'
import { actorOf } from '#support/actor'
import { makeUser } from '#tests/helpers/actors'
import { eachInTransaction } from '#tests/helpers/transactions'
import { formAction } from '#tests/helpers/routes'
import { consoleAs, signedIn, textOf } from '#tests/functional/console/support'

const { CUSTOMER, SELLER, ADMIN, SUPER_ADMIN } = UserType

/** The audit-trail entries of `action` about `userId`, as [actor id, action]. */
async function auditOf(action: string, userId: string) {
  const rows = await db
    .from('admin_actions')
    .where('action', action)
    .where('target_type', 'user')
    .where('target_id', userId)
  return rows.map((row) => [row.actor_id, row.action])
}

/** What an erasure would change of the account. */
async function accountState(userId: string) {
  const user = await User.findOrFail(userId)
  return { email: user.email, erasedAt: user.erasedAt?.toISO() ?? null, active: user.isActive }
}

test.group('Console privacy: data export', (group) => {
  eachInTransaction(group)

  test("an administrator downloads an account's data, and the export is audited", async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(ADMIN, { client, assert })
    const customer = await makeUser(CUSTOMER)
    const address = await ShippingAddressFactory.merge({ userId: customer.id }).create()

    const page = await admin.page(urlFor('console.users.show', { id: customer.id }))
    assert.include(page, `href="${urlFor('console.users.export', { id: customer.id })}"`)

    const response = await admin.get(urlFor('console.users.export', { id: customer.id }))
    response.assertStatus(200)
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="personal-data-/
    )
    assert.equal(response.header('cache-control'), 'no-store')
    const body = JSON.parse(response.text())
    assert.equal(body.account.email, customer.email)
    assert.equal(body.addresses[0].line1, address.line1)
    assert.deepEqual(await auditOf('user.exported', customer.id), [
      [admin.user.id, 'user.exported'],
    ])
  })

  test('an Admin may not export an administrator nor itself here; nothing is audited', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(ADMIN, { client, assert })
    const superAdmin = await makeUser(SUPER_ADMIN)
    const page = await admin.page(urlFor('console.users.show', { id: superAdmin.id }))
    assert.notInclude(page, urlFor('console.users.export', { id: superAdmin.id }))
    const refusals: Array<[User, string]> = [
      [superAdmin, 'Only a Super Admin may manage or grant administrator accounts'],
      [admin.user, 'You cannot change your own account this way'],
    ]
    for (const [target, message] of refusals) {
      await admin.expectErrorPage(urlFor('console.users.export', { id: target.id }), 403, message)
      assert.lengthOf(await auditOf('user.exported', target.id), 0)
    }
  })

  test('customers and sellers never reach the console export', async ({ client, assert }) => {
    const customer = await makeUser(CUSTOMER)
    for (const type of [CUSTOMER, SELLER]) {
      const visitor = await makeUser(type)
      const response = await signedIn(
        client.get(urlFor('console.users.export', { id: customer.id })),
        visitor
      )
      assert.equal(response.status(), 302)
      assert.equal(response.header('location'), urlFor('console.login'))
    }
    assert.lengthOf(await auditOf('user.exported', customer.id), 0)
  })
})

test.group('Console privacy: erasure', (group) => {
  eachInTransaction(group)

  test('erasing asks for confirmation, then erases, shows the account and is audited', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(ADMIN, { client, assert })
    const customer = await makeUser(CUSTOMER)
    await ShippingAddressFactory.merge({ userId: customer.id }).create()
    const show = urlFor('console.users.show', { id: customer.id })
    const confirm = urlFor('console.users.confirm_erase', { id: customer.id })
    const action = formAction('console.users.erase', { id: customer.id })

    assert.include(await admin.page(show), `href="${confirm}"`)
    const page = await admin.page(confirm)
    assert.include(textOf(page), `Erase ${customer.email}?`)
    assert.include(page, `action="${action}"`)
    assert.include(page, 'name="confirm"')

    const flash = await admin.expectRefused(action, {
      from: confirm,
      form: {},
      error: 'The request is invalid',
      stored: () => accountState(customer.id),
    })
    assert.property(flash.inputErrorsBag, 'confirm')
    assert.lengthOf(await auditOf('user.erased', customer.id), 0)

    const done = await admin.submit(action, confirm, show, { confirm: 'on' })
    assert.equal(done.success, 'The account has been erased.')
    const erased = await User.findOrFail(customer.id)
    assert.equal(erased.email, `erased-${customer.id}@erased.invalid`)
    assert.isNotNull(erased.erasedAt)
    assert.lengthOf(await db.from('shipping_addresses').where('user_id', customer.id), 0)
    assert.deepEqual(await auditOf('user.erased', customer.id), [[admin.user.id, 'user.erased']])
    const audit = await db.from('admin_actions').where('action', 'user.erased').firstOrFail()
    assert.notInclude(JSON.stringify(audit), customer.email)

    const after = await admin.page(show)
    assert.include(after, '<span class="badge off">erased</span>')
    assert.notInclude(after, `href="${confirm}"`)
    assert.include(textOf(await admin.page(confirm)), 'already been erased')
  })

  test('nobody erases themselves, a Super Admin, or (as an Admin) an administrator', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(ADMIN, { client, assert })
    const superAdmin = await consoleAs(SUPER_ADMIN, { client, assert })
    const otherAdmin = await makeUser(ADMIN)
    const otherSuperAdmin = await makeUser(SUPER_ADMIN)
    const cases: Array<[typeof admin, User, string]> = [
      [admin, admin.user, 'You cannot change your own account this way'],
      [admin, otherAdmin, 'Only a Super Admin may manage or grant administrator accounts'],
      [superAdmin, superAdmin.user, 'You cannot change your own account this way'],
      [
        superAdmin,
        otherSuperAdmin,
        'A Super Admin account cannot be erased; another Super Admin must change its type first',
      ],
    ]
    for (const [visitor, target, error] of cases) {
      const confirm = urlFor('console.users.confirm_erase', { id: target.id })
      const page = await visitor.page(confirm)
      assert.notInclude(page, `action="${formAction('console.users.erase', { id: target.id })}"`)
      await visitor.expectRefused(formAction('console.users.erase', { id: target.id }), {
        from: confirm,
        form: { confirm: 'on' },
        error,
        stored: () => accountState(target.id),
      })
      assert.lengthOf(await auditOf('user.erased', target.id), 0)
    }
  })

  test('a Super Admin erases an Admin; a second erasure is refused', async ({ client, assert }) => {
    const superAdmin = await consoleAs(SUPER_ADMIN, { client, assert })
    const admin = await makeUser(ADMIN)
    const confirm = urlFor('console.users.confirm_erase', { id: admin.id })
    await superAdmin.submit(
      formAction('console.users.erase', { id: admin.id }),
      confirm,
      urlFor('console.users.show', { id: admin.id }),
      { confirm: 'on' }
    )
    const erased = await User.findOrFail(admin.id)
    assert.isNotNull(erased.erasedAt)

    const erasures = await app.container.make(AccountErasureService)
    const again = await erasures
      .eraseFor(actorOf(superAdmin.user), admin.id)
      .catch((error) => error)
    assert.equal(again.code, 'ACCOUNT_ALREADY_ERASED')
    assert.lengthOf(await auditOf('user.erased', admin.id), 1)
  })
})
