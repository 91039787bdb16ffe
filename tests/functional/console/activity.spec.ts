import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import AdminAction from '#models/admin_action'
import PolicyConsent from '#models/policy_consent'
import { UserType } from '#enums/user_type'
import { PolicyFactory } from '#database/factories/policy_factory'
import { makeUser } from '#tests/helpers/actors'
import { placedCheckout } from '#tests/functional/orders/fixtures'
import {
  expectPage,
  expectRedirect,
  rowText,
  signedIn,
  submitted,
  textOf,
} from '#tests/functional/console/support'

test.group('Console: activity', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a console change shows on the Activity page, filtered', async ({ client, assert }) => {
    const superAdmin = await makeUser(UserType.SUPER_ADMIN)
    const customer = await makeUser(UserType.CUSTOMER)
    const seller = await makeUser(UserType.SELLER)
    expectRedirect(
      assert,
      await submitted(
        client.post(`/admin/users/${customer.id}/deactivate`),
        superAdmin,
        '/admin/users'
      ),
      '/admin/users'
    )
    expectRedirect(
      assert,
      await submitted(
        client.post(`/admin/users/${seller.id}/type`).form({ userType: 'CUSTOMER' }),
        superAdmin,
        '/admin/users'
      ),
      '/admin/users'
    )
    const [deactivation] = await AdminAction.query().where('target_id', customer.id)
    assert.equal(deactivation.clientAddress, '127.0.0.1')

    const html = expectPage(assert, await signedIn(client.get('/admin/activity'), superAdmin))
    assert.include(html, 'aria-current=page>Activity')
    const row = rowText(assert, html, deactivation.id)
    for (const part of [
      superAdmin.email,
      'user.deactivated',
      customer.id,
      'isActive: true → false',
      '127.0.0.1',
    ]) {
      assert.include(row, part)
    }

    const filtered = expectPage(
      assert,
      await signedIn(
        client.get('/admin/activity').qs({ action: 'user.type_changed', from: '', to: '' }),
        superAdmin
      )
    )
    assert.notInclude(filtered, deactivation.id)
    assert.include(textOf(filtered), 'userType: SELLER → CUSTOMER')
  })

  test('invalid filters are refused, not ignored', async ({ client, assert }) => {
    const superAdmin = await makeUser(UserType.SUPER_ADMIN)
    const response = await signedIn(
      client.get('/admin/activity').qs({ action: 'user.exploded' }),
      superAdmin
    )
    assert.equal(response.status(), 400)
    assert.include(textOf(response.text()), 'This cannot be done')
  })

  test('an Admin sees no activity: no link, no page, no sections', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const customer = await makeUser(UserType.CUSTOMER)
    const dashboard = expectPage(assert, await signedIn(client.get('/admin'), admin))
    assert.notInclude(dashboard, '/admin/activity')
    const refused = await signedIn(client.get('/admin/activity'), admin)
    assert.equal(refused.status(), 403)
    const page = expectPage(
      assert,
      await signedIn(client.get(`/admin/users/${customer.id}`), admin)
    )
    assert.include(page, customer.email)
    assert.notInclude(page, 'Recent activity')
  })
})

test.group('Console: user page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows the account, its orders, consents and activity', async ({ client, assert }) => {
    const superAdmin = await makeUser(UserType.SUPER_ADMIN)
    const { customer, orders } = await placedCheckout()
    const policy = await PolicyFactory.merge({ version: '4.2' }).create()
    await PolicyConsent.create({
      userId: customer.user.id,
      policyId: policy.id,
      policyType: policy.type,
      policyVersion: policy.version,
      ipAddress: '198.51.100.4',
      userAgent: null,
      consentedAt: DateTime.now(),
    })
    expectRedirect(
      assert,
      await submitted(
        client.post(`/admin/users/${customer.user.id}/deactivate`),
        superAdmin,
        `/admin/users/${customer.user.id}`
      ),
      `/admin/users/${customer.user.id}`
    )

    const list = expectPage(assert, await signedIn(client.get('/admin/users'), superAdmin))
    assert.include(list, `/admin/users/${customer.user.id}"`)

    const html = expectPage(
      assert,
      await signedIn(client.get(`/admin/users/${customer.user.id}`), superAdmin)
    )
    const text = textOf(html)
    assert.include(text, customer.user.email)
    assert.include(text, 'deactivated')
    for (const order of orders) assert.include(html, order.orderNumber)
    assert.include(rowText(assert, html, '198.51.100.4'), '4.2')
    const [entry] = await AdminAction.query().where('target_id', customer.user.id)
    assert.include(rowText(assert, html, entry.id), 'user.deactivated')
  })

  test('an unknown or malformed id is a 404 page', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    for (const id of ['7c9e6679-7425-40de-944b-e07fc1f90ae7', 'not-a-uuid']) {
      const response = await signedIn(client.get(`/admin/users/${id}`), admin)
      assert.equal(response.status(), 404, id)
    }
  })
})

test.group('Console: order page activity', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("lists the order's audit entries for a Super Admin", async ({ client, assert }) => {
    const superAdmin = await makeUser(UserType.SUPER_ADMIN)
    const { orders } = await placedCheckout()
    const order = orders[0]
    expectRedirect(
      assert,
      await submitted(
        client.post(`/admin/orders/${order.id}/status`).form({ status: 'CONFIRMED' }),
        superAdmin,
        `/admin/orders/${order.id}`
      ),
      `/admin/orders/${order.id}`
    )
    const [entry] = await AdminAction.query().where('target_id', order.id)
    assert.equal(entry.action, 'order.status_changed')
    const html = expectPage(
      assert,
      await signedIn(client.get(`/admin/orders/${order.id}`), superAdmin)
    )
    assert.include(rowText(assert, html, entry.id), 'status: PENDING → CONFIRMED')
  })
})
