import { test } from '@japa/runner'
import Shop from '#models/shop'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { makeUser } from '#tests/helpers/actors'
import { ShopFactory } from '#database/factories/shop_factory'
import { consoleAs, rowHtml, rowText, textOf } from '#tests/functional/console/support'
import AdminAction from '#models/admin_action'
import { ProductFactory } from '#database/factories/product_factory'
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
    assert.include(pendingRow, 'awaiting approval Approve Suspend… Orders')
    assert.include(
      html,
      `href="${urlFor('console.orders.index', {}, { qs: { shopId: pending.shop.id } })}"`
    )
    assert.include(rowText(assert, html, approved.shop.id), 'approved Suspend… Orders')
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
      const { shop } = await shopOf(status, name)
      // Approving is one click on the list; suspending is confirmed on a page of its own first.
      const from =
        action === 'approve'
          ? urlFor('console.shops.index', {}, { qs: listFilter })
          : urlFor('console.shops.confirm_suspend', { id: shop.id })
      const to = action === 'approve' ? from : urlFor('console.shops.show', { id: shop.id })
      const flash = await admin.submit(
        formAction(`console.shops.${action}`, { id: shop.id }),
        from,
        to
      )
      assert.equal(flash.success, success)
      assert.equal(await Shop.findOrFail(shop.id).then((row) => row.status), after)
    })

  test('suspending asks first: the list links to a page that says what follows', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { shop, seller } = await shopOf(ShopStatus.APPROVED, 'Approved Apples')
    const list = await admin.page(urlFor('console.shops.index'))
    const row = rowHtml(assert, list, shop.id)
    assert.include(row, `href="${urlFor('console.shops.confirm_suspend', { id: shop.id })}"`)
    assert.notInclude(row, `action="${formAction('console.shops.suspend', { id: shop.id })}"`)

    const confirm = await admin.page(urlFor('console.shops.confirm_suspend', { id: shop.id }))
    assert.include(textOf(confirm), 'Suspend Approved Apples?')
    assert.include(textOf(confirm), seller.email)
    assert.include(confirm, `action="${formAction('console.shops.suspend', { id: shop.id })}"`)
    assert.include(textOf(confirm), 'Keep it open')
    assert.equal(await Shop.findOrFail(shop.id).then((found) => found.status), ShopStatus.APPROVED)

    await admin.expectErrorPage(
      urlFor('console.shops.confirm_suspend', { id: UNKNOWN_ID }),
      404,
      'Shop not found'
    )
  })

  test("a shop's page shows its facts and, to a Super Admin, its history", async ({
    client,
    assert,
  }) => {
    const superAdmin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
    const { shop, seller } = await shopOf(ShopStatus.APPROVED, 'Approved Apples')
    await ProductFactory.merge({ shopId: shop.id, name: 'Apple' }).create()
    await superAdmin.submit(
      formAction('console.shops.suspend', { id: shop.id }),
      urlFor('console.shops.confirm_suspend', { id: shop.id }),
      urlFor('console.shops.show', { id: shop.id })
    )
    const [entry] = await AdminAction.query().where('target_id', shop.id)
    const html = await superAdmin.page(urlFor('console.shops.show', { id: shop.id }))
    const text = textOf(html)
    assert.notInclude(html, '@!component')
    assert.include(html, '<span class="badge off">suspended</span>')
    assert.include(text, 'Approved Apples')
    assert.include(text, seller.email)
    assert.include(text, 'suspended')
    assert.include(html, urlFor('console.products.index', {}, { qs: { shop: shop.id } }))
    assert.include(rowText(assert, html, entry.id), 'status: APPROVED → SUSPENDED')

    const list = await superAdmin.page(urlFor('console.shops.index'))
    assert.include(list, `href="${urlFor('console.shops.show', { id: shop.id })}"`)

    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const plain = await admin.page(urlFor('console.shops.show', { id: shop.id }))
    assert.include(textOf(plain), 'Approved Apples')
    assert.notInclude(plain, entry.id)
    assert.include(textOf(plain), 'shown to Super Admins')
    await admin.expectErrorPage(
      urlFor('console.shops.show', { id: UNKNOWN_ID }),
      404,
      'Shop not found'
    )
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
