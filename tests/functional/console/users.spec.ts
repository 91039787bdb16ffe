import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import User from '#models/user'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { consoleAs, expectPage, rowHtml, signedIn, textOf } from '#tests/functional/console/support'
import { UNKNOWN_ID } from '#tests/helpers/ids'
import { eachInTransaction } from '#tests/helpers/transactions'
import { formAction } from '#tests/helpers/routes'
import { urlFor } from '@adonisjs/core/services/url_builder'

const { CUSTOMER, SELLER, ADMIN, SUPER_ADMIN } = UserType

/** What the users page offers on one account's row. */
function offered(assert: Assert, html: string, user: User) {
  const row = rowHtml(assert, html, `<td>${user.email}</td>`)
  return {
    deactivate: row.includes(
      `href="${urlFor('console.users.confirm_deactivate', { id: user.id })}"`
    ),
    activate: row.includes(`action="${formAction('console.users.activate', { id: user.id })}"`),
    types: [...row.matchAll(/<option value="([A-Z_]+)">/g)].map((match) => match[1]),
    text: textOf(row),
  }
}

async function accounts() {
  return {
    customer: await makeUser(CUSTOMER),
    inactiveSeller: await makeUser(SELLER, { isActive: false }),
    admin: await makeUser(ADMIN),
    superAdmin: await makeUser(SUPER_ADMIN),
  }
}

test.group('Console users', (group) => {
  eachInTransaction(group)

  test('an Admin is offered customers and sellers only, and their types only', async ({
    client,
    assert,
  }) => {
    const actor = await makeUser(ADMIN)
    const { customer, inactiveSeller, admin, superAdmin } = await accounts()
    const html = expectPage(
      assert,
      await signedIn(client.get(urlFor('console.users.index')), actor)
    )

    assert.deepInclude(offered(assert, html, customer), {
      deactivate: true,
      activate: false,
      types: [SELLER],
    })
    assert.deepInclude(offered(assert, html, inactiveSeller), {
      deactivate: false,
      activate: true,
      types: [CUSTOMER],
    })
    for (const administrator of [admin, superAdmin]) {
      const row = offered(assert, html, administrator)
      assert.deepInclude(row, { deactivate: false, activate: false, types: [] })
      assert.include(row.text, 'Only a Super Admin may manage administrator accounts')
    }
    const own = offered(assert, html, actor)
    assert.deepInclude(own, { deactivate: false, activate: false, types: [] })
    assert.include(own.text, 'This is you')
  })

  test('a Super Admin is offered every other account and every other type', async ({
    client,
    assert,
  }) => {
    const actor = await makeUser(SUPER_ADMIN)
    const { customer, inactiveSeller, admin, superAdmin } = await accounts()
    const html = expectPage(
      assert,
      await signedIn(client.get(urlFor('console.users.index')), actor)
    )

    assert.deepInclude(offered(assert, html, customer), {
      deactivate: true,
      types: [SELLER, ADMIN, SUPER_ADMIN],
    })
    assert.deepInclude(offered(assert, html, inactiveSeller), {
      activate: true,
      types: [CUSTOMER, ADMIN, SUPER_ADMIN],
    })
    assert.deepInclude(offered(assert, html, admin), {
      deactivate: true,
      types: [CUSTOMER, SELLER, SUPER_ADMIN],
    })
    assert.deepInclude(offered(assert, html, superAdmin), {
      deactivate: true,
      types: [CUSTOMER, SELLER, ADMIN],
    })
    const own = offered(assert, html, actor)
    assert.deepInclude(own, { deactivate: false, activate: false, types: [] })
    assert.include(own.text, 'This is you')
    assert.notInclude(own.text, 'Only a Super Admin')
  })
})

test.group('Console users: deactivation and type changes', (group) => {
  eachInTransaction(group)

  test('deactivating asks first, then deactivates and shows the account', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(ADMIN, { client, assert })
    const customer = await makeUser(CUSTOMER)
    const confirm = await admin.page(
      urlFor('console.users.confirm_deactivate', { id: customer.id })
    )
    assert.include(textOf(confirm), `Deactivate ${customer.email}?`)
    assert.include(textOf(confirm), 'Keep it active')
    assert.include(
      confirm,
      `action="${formAction('console.users.deactivate', { id: customer.id })}"`
    )
    assert.isTrue(await User.findOrFail(customer.id).then((row) => row.isActive))

    const flash = await admin.submit(
      formAction('console.users.deactivate', { id: customer.id }),
      urlFor('console.users.confirm_deactivate', { id: customer.id }),
      urlFor('console.users.show', { id: customer.id })
    )
    assert.equal(flash.success, `${customer.email} is now deactivated.`)
    assert.isFalse(await User.findOrFail(customer.id).then((row) => row.isActive))
    const again = await admin.page(urlFor('console.users.confirm_deactivate', { id: customer.id }))
    assert.include(textOf(again), 'already deactivated')
    assert.notInclude(
      again,
      `action="${formAction('console.users.deactivate', { id: customer.id })}"`
    )
  })

  test('the confirmation offers nothing an Admin may not do', async ({ client, assert }) => {
    const admin = await consoleAs(ADMIN, { client, assert })
    const superAdmin = await makeUser(SUPER_ADMIN)
    const page = await admin.page(urlFor('console.users.confirm_deactivate', { id: superAdmin.id }))
    assert.include(textOf(page), 'Only a Super Admin may manage administrator accounts')
    assert.notInclude(
      page,
      `action="${formAction('console.users.deactivate', { id: superAdmin.id })}"`
    )
    await admin.expectErrorPage(
      urlFor('console.users.confirm_deactivate', { id: UNKNOWN_ID }),
      404,
      'User not found'
    )
  })

  test('the type selector starts blank; a blank choice is refused and changes nothing', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(ADMIN, { client, assert })
    const customer = await makeUser(CUSTOMER)
    const list = await admin.page(urlFor('console.users.index'))
    const row = rowHtml(assert, list, `<td>${customer.email}</td>`)
    assert.match(
      row,
      /<select id="type-[^"]+" name="userType" required>\s*<option value="" selected>/
    )
    assert.notMatch(row, /<option value="[A-Z_]+" selected>/)

    const flash = await admin.expectRefused(formAction('console.users.type', { id: customer.id }), {
      from: urlFor('console.users.index'),
      form: { userType: '' },
      error: 'The request is invalid',
      stored: () => User.findOrFail(customer.id).then((found) => found.userType),
    })
    assert.deepEqual(flash.inputErrorsBag, { userType: ['New type is required'] })
    assert.deepEqual(flash.errorSummary, ['New type is required'])
    assert.equal(await User.findOrFail(customer.id).then((found) => found.userType), CUSTOMER)
  })
})
