import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Shop from '#models/shop'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { makeUser } from '#tests/helpers/actors'
import { ShopFactory } from '#database/factories/shop_factory'
import {
  expectPage,
  expectRedirect,
  rowText,
  signedIn,
  submitted,
  textOf,
} from '#tests/functional/console/support'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

async function shopOf(status: ShopStatus, name: string) {
  const seller = await makeUser(UserType.SELLER)
  const shop = await ShopFactory.merge({ sellerId: seller.id, status, name }).create()
  return { seller, shop }
}

test.group('Console shops', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists shops with their seller, status and the actions that apply', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const pending = await shopOf(ShopStatus.PENDING, 'Pending Pots')
    const approved = await shopOf(ShopStatus.APPROVED, 'Approved Apples')
    const suspended = await shopOf(ShopStatus.SUSPENDED, 'Suspended Socks')

    const html = expectPage(assert, await signedIn(client.get('/admin/shops'), admin))
    assert.include(textOf(html), 'Shops (3)')
    const pendingRow = rowText(assert, html, pending.shop.id)
    assert.include(pendingRow, pending.seller.email)
    assert.include(pendingRow, 'awaiting approval Approve Suspend Orders')
    assert.include(html, `href="/admin/orders?shopId=${pending.shop.id}"`)
    assert.include(rowText(assert, html, approved.shop.id), 'approved Suspend Orders')
    assert.include(rowText(assert, html, suspended.shop.id), 'suspended Approve Orders')
  })

  test('filters by status', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const pending = await shopOf(ShopStatus.PENDING, 'Pending Pots')
    const approved = await shopOf(ShopStatus.APPROVED, 'Approved Apples')
    const html = expectPage(
      assert,
      await signedIn(client.get('/admin/shops').qs({ status: 'PENDING' }), admin)
    )
    assert.include(html, pending.shop.id)
    assert.notInclude(html, approved.shop.id)
    assert.include(html, '<option value="PENDING" selected>')

    const refused = await signedIn(client.get('/admin/shops').qs({ status: 'OPEN' }), admin)
    refused.assertStatus(400)
  })

  test('approves a pending shop', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const { shop } = await shopOf(ShopStatus.PENDING, 'Pending Pots')
    const response = await submitted(
      client.post(`/admin/shops/${shop.id}/approve`),
      admin,
      '/admin/shops?status=PENDING'
    )
    const flash = expectRedirect(assert, response, '/admin/shops?status=PENDING')
    assert.equal(flash.success, 'Pending Pots is approved: its products are on sale.')
    assert.equal(await Shop.findOrFail(shop.id).then((row) => row.status), ShopStatus.APPROVED)
  })

  test('suspends an approved shop', async ({ client, assert }) => {
    const admin = await makeUser(UserType.SUPER_ADMIN)
    const { shop } = await shopOf(ShopStatus.APPROVED, 'Approved Apples')
    const response = await submitted(
      client.post(`/admin/shops/${shop.id}/suspend`),
      admin,
      '/admin/shops'
    )
    const flash = expectRedirect(assert, response, '/admin/shops')
    assert.equal(flash.success, 'Approved Apples is suspended: its products are off sale.')
    assert.equal(await Shop.findOrFail(shop.id).then((row) => row.status), ShopStatus.SUSPENDED)
  })

  test('an unknown shop is refused with a message', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    for (const action of ['approve', 'suspend']) {
      const response = await submitted(
        client.post(`/admin/shops/${UNKNOWN_ID}/${action}`),
        admin,
        '/admin/shops'
      )
      assert.equal(expectRedirect(assert, response, '/admin/shops').error, 'Shop not found')
    }
  })
})
