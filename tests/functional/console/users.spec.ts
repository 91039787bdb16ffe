import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import type User from '#models/user'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { expectPage, rowHtml, signedIn, textOf } from '#tests/functional/console/support'
import { eachInTransaction } from '#tests/helpers/transactions'
import { formAction } from '#tests/helpers/routes'
import { urlFor } from '@adonisjs/core/services/url_builder'

const { CUSTOMER, SELLER, ADMIN, SUPER_ADMIN } = UserType

/** What the users page offers on one account's row. */
function offered(assert: Assert, html: string, user: User) {
  const row = rowHtml(assert, html, `<td>${user.email}</td>`)
  return {
    deactivate: row.includes(`action="${formAction('console.users.deactivate', { id: user.id })}"`),
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
