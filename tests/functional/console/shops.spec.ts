import { test } from '@japa/runner'
import Shop from '#models/shop'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { makeUser } from '#tests/helpers/actors'
import { ShopFactory } from '#database/factories/shop_factory'
import { consoleAs, rowText, textOf } from '#tests/functional/console/support'
import { UNKNOWN_ID } from '#tests/helpers/ids'
import { eachInTransaction } from '#tests/helpers/transactions'
import { formAction } from '#tests/helpers/routes'
import { urlFor } from '@adonisjs/core/services/url_builder'

async function shopOf(status: ShopStatus, name: string) {
  const seller = await makeUser(UserType.SELLER)
  const shop = await ShopFactory.merge({ sellerId: seller.id, status, name }).create()
  return { seller, shop }
}

test.group('Console shops', (group) => {
  eachInTransaction(group)

  test('lists shops with their seller, status and the actions that apply', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const pending = await shopOf(ShopStatus.PENDING, 'Pending Pots')
    const approved = await shopOf(ShopStatus.APPROVED, 'Approved Apples')
    const suspended = await shopOf(ShopStatus.SUSPENDED, 'Suspended Socks')

    const html = await admin.page(urlFor('console.shops.index'))
    assert.include(textOf(html), 'Shops (3)')
    const pendingRow = rowText(assert, html, pending.shop.id)
    assert.include(pendingRow, pending.seller.email)
    assert.include(pendingRow, 'awaiting approval Approve Suspend Orders')
    assert.include(
      html,
      `href="${urlFor('console.orders.index', {}, { qs: { shopId: pending.shop.id } })}"`
    )
    assert.include(rowText(assert, html, approved.shop.id), 'approved Suspend Orders')
    assert.include(rowText(assert, html, suspended.shop.id), 'suspended Approve Orders')
  })

  test('filters by status', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const pending = await shopOf(ShopStatus.PENDING, 'Pending Pots')
    const approved = await shopOf(ShopStatus.APPROVED, 'Approved Apples')
    const html = await admin.page(urlFor('console.shops.index'), { status: 'PENDING' })
    assert.include(html, pending.shop.id)
    assert.notInclude(html, approved.shop.id)
    assert.include(html, '<option value="PENDING" selected>')

    const refused = await admin.get(urlFor('console.shops.index'), { status: 'OPEN' })
    refused.assertStatus(400)
  })

  test('{label}')
    .with([
      {
        label: 'approves a pending shop',
        as: UserType.ADMIN,
        status: ShopStatus.PENDING,
        name: 'Pending Pots',
        action: 'approve' as const,
        listFilter: { status: 'PENDING' },
        success: 'Pending Pots is approved: its products are on sale.',
        after: ShopStatus.APPROVED,
      },
      {
        label: 'suspends an approved shop',
        as: UserType.SUPER_ADMIN,
        status: ShopStatus.APPROVED,
        name: 'Approved Apples',
        action: 'suspend' as const,
        listFilter: {},
        success: 'Approved Apples is suspended: its products are off sale.',
        after: ShopStatus.SUSPENDED,
      },
    ])
    .run(async ({ client, assert }, { as, status, name, action, listFilter, success, after }) => {
      const admin = await consoleAs(as, { client, assert })
      const from = urlFor('console.shops.index', {}, { qs: listFilter })
      const { shop } = await shopOf(status, name)
      const flash = await admin.submit(
        formAction(`console.shops.${action}`, { id: shop.id }),
        from,
        from
      )
      assert.equal(flash.success, success)
      assert.equal(await Shop.findOrFail(shop.id).then((row) => row.status), after)
    })

  test('an unknown shop is refused with a message', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    for (const action of ['approve', 'suspend'] as const) {
      const flash = await admin.submit(
        formAction(`console.shops.${action}`, { id: UNKNOWN_ID }),
        urlFor('console.shops.index'),
        urlFor('console.shops.index')
      )
      assert.equal(flash.error, 'Shop not found')
    }
  })
})
