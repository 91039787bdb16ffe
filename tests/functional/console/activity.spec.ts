import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import AdminAction from '#models/admin_action'
import Coupon from '#models/coupon'
import config from '@adonisjs/core/services/config'
import PolicyConsent from '#models/policy_consent'
import { UserType } from '#enums/user_type'
import { PolicyFactory } from '#database/factories/policy_factory'
import { makeUser } from '#tests/helpers/actors'
import { placedCheckout } from '#tests/functional/orders/support'
import { consoleAs, rowText, textOf } from '#tests/functional/console/support'
import { UNKNOWN_ID } from '#tests/helpers/ids'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { formAction } from '#tests/helpers/routes'

test.group('Console: activity', (group) => {
  eachInTransaction(group)

  test('a console change shows on the Activity page, filtered', async ({ client, assert }) => {
    const superAdmin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
    const customer = await makeUser(UserType.CUSTOMER)
    const seller = await makeUser(UserType.SELLER)
    await superAdmin.submit(
      formAction('console.users.deactivate', { id: customer.id }),
      urlFor('console.users.confirm_deactivate', { id: customer.id }),
      urlFor('console.users.show', { id: customer.id })
    )
    await superAdmin.submit(
      formAction('console.users.type', { id: seller.id }),
      urlFor('console.users.index'),
      urlFor('console.users.index'),
      {
        userType: 'CUSTOMER',
      }
    )
    const [deactivation] = await AdminAction.query().where('target_id', customer.id)
    assert.equal(deactivation.clientAddress, '127.0.0.1')

    const html = await superAdmin.page(urlFor('console.activity.index'))
    assert.include(html, 'aria-current=page>Activity')
    const row = rowText(assert, html, deactivation.id)
    for (const part of [
      superAdmin.user.email,
      'user.deactivated',
      customer.id,
      'isActive: true → false',
      '127.0.0.1',
    ]) {
      assert.include(row, part)
    }

    const filtered = await superAdmin.page(urlFor('console.activity.index'), {
      action: 'user.type_changed',
      from: '',
      to: '',
    })
    assert.notInclude(filtered, deactivation.id)
    assert.include(textOf(filtered), 'userType: SELLER → CUSTOMER')
  })

  test('amounts read as money, percents as percents and times in the store zone', async ({
    client,
    assert,
    cleanup,
  }) => {
    const zone = config.get<string>('store.timezone')
    config.set('store.timezone', 'America/Chicago')
    cleanup(() => config.set('store.timezone', zone))
    const superAdmin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
    const couponForm = {
      _form: 'coupon',
      minOrderAmount: '40',
      maxDiscountAmount: '',
      startDate: '2031-03-01T00:00',
      endDate: '2031-03-31T23:59:59',
      usageLimit: '',
      isActive: 'true',
    }
    for (const [code, discountType, discountValue] of [
      ['FIVE-OFF', 'FIXED', '5'],
      ['TEN-PCT', 'PERCENTAGE', '10'],
    ]) {
      await superAdmin.submit(
        formAction('console.coupons.store'),
        urlFor('console.coupons.create'),
        urlFor('console.coupons.index'),
        { ...couponForm, code, discountType, discountValue }
      )
    }
    const tenPercent = await Coupon.findByOrFail('code', 'TEN-PCT')
    await superAdmin.submit(
      formAction('console.coupons.update', { id: tenPercent.id }),
      urlFor('console.coupons.edit', { id: tenPercent.id }),
      urlFor('console.coupons.index'),
      { ...couponForm, code: 'TEN-PCT', discountType: 'PERCENTAGE', discountValue: '12.5' }
    )
    const entries = await AdminAction.query().where('target_type', 'coupon').orderBy('action')
    const fiveOff = await Coupon.findByOrFail('code', 'FIVE-OFF')
    const created = (id: string) =>
      entries.find((entry) => entry.targetId === id && entry.action === 'coupon.created')!
    const updated = entries.find((entry) => entry.action === 'coupon.updated')!
    assert.deepEqual(updated.changes.after, { discountValue: 1250 })

    const html = await superAdmin.page(urlFor('console.activity.index'))
    const fixedRow = rowText(assert, html, created(fiveOff.id).id)
    assert.include(fixedRow, 'discountValue: — → 5.00 USD')
    assert.include(fixedRow, 'minOrderAmount: — → 40.00 USD')
    assert.include(fixedRow, 'startDate: — → 2031-03-01 00:00:00')
    assert.notInclude(fixedRow, '500')
    assert.include(rowText(assert, html, created(tenPercent.id).id), 'discountValue: — → 10 %')
    assert.include(rowText(assert, html, updated.id), 'discountValue: 10 % → 12.5 %')
    assert.include(textOf(html), 'When (America/Chicago)')
  })

  test('invalid filters are refused, not ignored', async ({ client, assert }) => {
    const superAdmin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
    await superAdmin.expectErrorPage(urlFor('console.activity.index'), 400, 'This cannot be done', {
      action: 'user.exploded',
    })
  })

  test('an Admin sees no activity: no link, no page, no sections', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const customer = await makeUser(UserType.CUSTOMER)
    const dashboard = await admin.page(urlFor('console.dashboard'))
    assert.notInclude(dashboard, urlFor('console.activity.index'))
    const refused = await admin.get(urlFor('console.activity.index'))
    assert.equal(refused.status(), 403)
    const page = await admin.page(urlFor('console.users.show', { id: customer.id }))
    assert.include(page, customer.email)
    assert.notInclude(page, 'Recent activity')
  })
})

test.group('Console: user page', (group) => {
  eachInTransaction(group)

  test('shows the account, its orders, consents and activity', async ({ client, assert }) => {
    const superAdmin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
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
    const userPage = urlFor('console.users.show', { id: customer.user.id })
    await superAdmin.submit(
      formAction('console.users.deactivate', { id: customer.user.id }),
      userPage,
      userPage
    )

    const list = await superAdmin.page(urlFor('console.users.index'))
    assert.include(list, `${userPage}"`)

    const html = await superAdmin.page(userPage)
    const text = textOf(html)
    assert.include(text, customer.user.email)
    assert.include(text, 'deactivated')
    for (const order of orders) assert.include(html, order.orderNumber)
    assert.include(rowText(assert, html, '198.51.100.4'), '4.2')
    const [entry] = await AdminAction.query().where('target_id', customer.user.id)
    assert.include(rowText(assert, html, entry.id), 'user.deactivated')
  })

  test('an unknown or malformed id is a 404 page', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const response = await admin.get(urlFor('console.users.show', { id: id }))
      assert.equal(response.status(), 404, id)
    }
  })
})

test.group('Console: order page activity', (group) => {
  eachInTransaction(group)

  test("lists the order's audit entries for a Super Admin", async ({ client, assert }) => {
    const superAdmin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
    const { orders } = await placedCheckout()
    const orderPage = urlFor('console.orders.show', { id: orders[0].id })
    await superAdmin.submit(
      formAction('console.orders.status', { id: orders[0].id }),
      orderPage,
      orderPage,
      { status: 'CONFIRMED' }
    )
    const [entry] = await AdminAction.query().where('target_id', orders[0].id)
    assert.equal(entry.action, 'order.status_changed')
    const html = await superAdmin.page(orderPage)
    assert.include(rowText(assert, html, entry.id), 'status: PENDING → CONFIRMED')
  })
})
