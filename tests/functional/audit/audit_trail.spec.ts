import { test } from '@japa/runner'
import type { ApiRequest } from '@japa/api-client'
import AdminAction from '#models/admin_action'
import Coupon from '#models/coupon'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { CouponFactory } from '#database/factories/coupon_factory'
import { PolicyFactory } from '#database/factories/policy_factory'
import { actor, makeUser } from '#tests/helpers/actors'
import { sellerWithShop } from '#tests/functional/catalog/support'
import { placedCheckout } from '#tests/functional/orders/support'
import { policyBody } from '#tests/functional/legal/support'
import { eachInTransaction } from '#tests/helpers/transactions'

/** Sends `request` and asserts its status. */
async function expectStatus(request: ApiRequest, status: number) {
  const response = await request
  response.assertStatus(status)
  return response
}

/** One admin resource walked through create, update and delete, with the audit it should write. */
interface Lifecycle {
  resource: string
  as: UserType
  url: string
  targetType: string
  create: Record<string, unknown>
  /** The `after` of the created entry. */
  created: Record<string, unknown>
  update: Record<string, unknown>
  /** The changes of the updated entry. */
  changes: { before: Record<string, unknown>; after: Record<string, unknown> }
  /** The `before` of the deleted entry. */
  deletedBefore: Record<string, unknown>
  /** Whether the row is kept with a deletion time (its entry's `after`) or removed (`after` null). */
  softDeleted: boolean
}

/** What request.ip() gives for the test client. */
const CLIENT_ADDRESS = '127.0.0.1'

/** Every audit entry about one target, oldest first. */
function entriesOf(targetId: string) {
  return AdminAction.query().where('target_id', targetId).orderBy('created_at', 'asc')
}

/** Asserts that `targetId` has exactly one entry, written by `actorId`, and returns it. */
async function onlyEntry(
  assert: import('@japa/assert').Assert,
  targetId: string,
  actorId: string,
  expected: { action: string; targetType: string; before: unknown; after: unknown }
) {
  const rows = await entriesOf(targetId)
  assert.lengthOf(rows, 1, `one entry for ${expected.action}`)
  const [row] = rows
  assert.deepEqual(
    {
      actorId: row.actorId,
      action: row.action,
      targetType: row.targetType,
      before: row.changes.before,
      after: row.changes.after,
      clientAddress: row.clientAddress,
    },
    { actorId, clientAddress: CLIENT_ADDRESS, ...expected }
  )
  return row
}

test.group('Audit trail: accounts', (group) => {
  eachInTransaction(group)

  test('activation, deactivation and a type change each write one entry', async ({
    client,
    assert,
  }) => {
    const { user: admin, authorization } = await actor(UserType.SUPER_ADMIN)
    const dormant = await makeUser(UserType.CUSTOMER, { isActive: false })
    const active = await makeUser(UserType.CUSTOMER)
    const promoted = await makeUser(UserType.CUSTOMER)

    const put = (path: string, body: object = {}) =>
      client.put(path).json(body).header('Authorization', authorization)
    await expectStatus(put(`/auth/${dormant.id}/activate`), 200)
    await expectStatus(put(`/auth/${active.id}/deactivate`), 200)
    await expectStatus(put(`/auth/${promoted.id}/change-user-type`, { userType: 'SELLER' }), 200)

    await onlyEntry(assert, dormant.id, admin.id, {
      action: 'user.activated',
      targetType: 'user',
      before: { isActive: false },
      after: { isActive: true },
    })
    await onlyEntry(assert, active.id, admin.id, {
      action: 'user.deactivated',
      targetType: 'user',
      before: { isActive: true },
      after: { isActive: false },
    })
    await onlyEntry(assert, promoted.id, admin.id, {
      action: 'user.type_changed',
      targetType: 'user',
      before: { userType: 'CUSTOMER' },
      after: { userType: 'SELLER' },
    })

    // A repeat changes nothing and records nothing.
    await expectStatus(put(`/auth/${active.id}/deactivate`), 200)
    assert.lengthOf(await entriesOf(active.id), 1)
  })

  test('a refused change writes no entry', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const otherAdmin = await makeUser(UserType.ADMIN)
    const response = await client
      .put(`/auth/${otherAdmin.id}/deactivate`)
      .header('Authorization', authorization)
    response.assertStatus(403)
    assert.lengthOf(await entriesOf(otherAdmin.id), 0)
  })
})

test.group('Audit trail: policies, coupons, shops', (group) => {
  eachInTransaction(group)

  test('policy create, update and deactivate each write one entry', async ({ client, assert }) => {
    const { user: admin, authorization } = await actor(UserType.SUPER_ADMIN)
    const created = await client
      .post('/policy')
      .json(policyBody({ type: 'TERMS_CONDITIONS', version: '7.0' }))
      .header('Authorization', authorization)
    created.assertStatus(201)
    const id = created.body().data.id as string
    const [creation] = await entriesOf(id)
    assert.equal(creation.action, 'policy.created')
    assert.isNull(creation.changes.before)
    assert.containsSubset(creation.changes.after, {
      type: 'TERMS_CONDITIONS',
      title: 'Privacy Policy',
      version: '7.0',
    })

    const existing = await PolicyFactory.merge({ title: 'Old title', version: '9.1' }).create()
    const updated = await client
      .put(`/policy/${existing.id}`)
      .json({ title: 'New title' })
      .header('Authorization', authorization)
    updated.assertStatus(200)
    await onlyEntry(assert, existing.id, admin.id, {
      action: 'policy.updated',
      targetType: 'policy',
      before: { title: 'Old title' },
      after: { title: 'New title' },
    })

    const other = await PolicyFactory.merge({ version: '9.2' }).create()
    const deactivated = await client
      .post(`/policy/deactivate/${other.id}`)
      .header('Authorization', authorization)
    deactivated.assertStatus(200)
    await onlyEntry(assert, other.id, admin.id, {
      action: 'policy.deactivated',
      targetType: 'policy',
      before: { isActive: true },
      after: { isActive: false },
    })
  })

  test('coupon create, update and delete each write one entry', async ({ client, assert }) => {
    const { user: admin, authorization } = await actor(UserType.ADMIN)
    const created = await client
      .post('/api/v1/admin/coupons')
      .json({
        code: 'audit-10',
        discountType: 'FIXED',
        discountValue: 10,
        startDate: '2030-01-01T00:00:00',
        endDate: '2030-02-01T00:00:00',
        usageLimit: 50,
      })
      .header('Authorization', authorization)
    created.assertStatus(201)
    const id = created.body().id as string
    const [creation] = await entriesOf(id)
    assert.equal(creation.action, 'coupon.created')
    assert.isNull(creation.changes.before)
    assert.containsSubset(creation.changes.after, {
      code: 'AUDIT-10',
      discountValue: 1000,
      usageLimit: 50,
      maxDiscountAmount: null,
    })

    const coupon = await CouponFactory.merge({ code: 'AUDITED', usageLimit: 20 }).create()
    const updated = await client
      .put(`/api/v1/admin/coupons/${coupon.id}`)
      .json({ usageLimit: 30, isActive: coupon.isActive })
      .header('Authorization', authorization)
    updated.assertStatus(200)
    await onlyEntry(assert, coupon.id, admin.id, {
      action: 'coupon.updated',
      targetType: 'coupon',
      before: { usageLimit: 20 },
      after: { usageLimit: 30 },
    })

    const doomed = await CouponFactory.merge({ code: 'DOOMED' }).create()
    const deleted = await client
      .delete(`/api/v1/admin/coupons/${doomed.id}`)
      .header('Authorization', authorization)
    deleted.assertStatus(200)
    const [deletion] = await entriesOf(doomed.id)
    const row = await Coupon.findOrFail(doomed.id)
    assert.equal(deletion.action, 'coupon.deleted')
    assert.deepEqual(deletion.changes.before, { deletedAt: null })
    assert.equal(
      Math.floor(Date.parse(deletion.changes.after?.deletedAt as string) / 1000),
      Math.floor(row.deletedAt!.toMillis() / 1000)
    )
    assert.equal(deletion.clientAddress, CLIENT_ADDRESS)

    // Deleting again is a 404 and records nothing.
    const again = await client
      .delete(`/api/v1/admin/coupons/${doomed.id}`)
      .header('Authorization', authorization)
    again.assertStatus(404)
    assert.lengthOf(await entriesOf(doomed.id), 1)
  })

  test('a coupon update refused by its usage count writes no entry', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const coupon = await CouponFactory.merge({ usageLimit: 20, usageCount: 10 }).create()
    const response = await client
      .put(`/api/v1/admin/coupons/${coupon.id}`)
      .json({ usageLimit: 5 })
      .header('Authorization', authorization)
    response.assertStatus(409)
    assert.lengthOf(await entriesOf(coupon.id), 0)
    await coupon.refresh()
    assert.equal(coupon.usageLimit, 20)
  })

  test('shop approval and suspension each write one entry; a repeat none', async ({
    client,
    assert,
  }) => {
    const { user: admin, authorization } = await actor(UserType.ADMIN)
    const { shop } = await sellerWithShop(ShopStatus.PENDING)
    const approve = () =>
      client.put(`/api/v1/admin/shops/${shop.id}/approve`).header('Authorization', authorization)
    await expectStatus(approve(), 200)
    await expectStatus(approve(), 200)
    await onlyEntry(assert, shop.id, admin.id, {
      action: 'shop.approved',
      targetType: 'shop',
      before: { status: 'PENDING' },
      after: { status: 'APPROVED' },
    })
    await expectStatus(
      client.put(`/api/v1/admin/shops/${shop.id}/suspend`).header('Authorization', authorization),
      200
    )
    const rows = await entriesOf(shop.id)
    const actions = rows.map((row) => row.action)
    assert.sameMembers(actions, ['shop.approved', 'shop.suspended'])
  })
})

test.group('Audit trail: orders', (group) => {
  eachInTransaction(group)

  test('an admin status or payment change writes one entry each', async ({ client, assert }) => {
    const { orders } = await placedCheckout()
    const { user: admin, authorization } = await actor(UserType.ADMIN)
    const order = orders[0]
    await expectStatus(
      client
        .put(`/api/v1/admin/orders/${order.id}/status`)
        .json({ status: 'CONFIRMED' })
        .header('Authorization', authorization),
      200
    )
    await onlyEntry(assert, order.id, admin.id, {
      action: 'order.status_changed',
      targetType: 'order',
      before: { status: 'PENDING' },
      after: { status: 'CONFIRMED' },
    })
    await expectStatus(
      client
        .put(`/api/v1/admin/orders/${order.id}/payment-status`)
        .json({ paymentStatus: 'PAID' })
        .header('Authorization', authorization),
      200
    )
    const rows = await entriesOf(order.id)
    const payment = rows.find((row) => row.action === 'order.payment_changed')
    assert.deepEqual(payment?.changes, {
      before: { paymentStatus: 'UNPAID' },
      after: { paymentStatus: 'PAID' },
    })
  })

  test("a seller's change and a refused transition write none", async ({ client, assert }) => {
    const { orders, first } = await placedCheckout()
    const order = orders[0]
    await expectStatus(
      client
        .put(`/api/v1/seller/orders/${order.id}/status`)
        .json({ status: 'CONFIRMED' })
        .header('Authorization', first.authorization),
      200
    )
    const { authorization } = await actor(UserType.SUPER_ADMIN)
    await expectStatus(
      client
        .put(`/api/v1/admin/orders/${order.id}/status`)
        .json({ status: 'PENDING' })
        .header('Authorization', authorization),
      409
    )
    assert.lengthOf(await entriesOf(order.id), 0)
  })
})

test.group('Audit trail: tax rates and shipping methods', (group) => {
  eachInTransaction(group)

  test('{resource} create, update and delete each write one entry')
    .with<Lifecycle[]>([
      {
        resource: 'tax rate',
        as: UserType.ADMIN,
        url: '/api/v1/admin/tax-rates',
        targetType: 'tax_rate',
        create: { country: 'DE', rate: 19 },
        created: { country: 'DE', region: '', rate: 19_000 },
        update: { rate: 7 },
        changes: { before: { rate: 19_000 }, after: { rate: 7_000 } },
        deletedBefore: { country: 'DE', region: '', rate: 7_000 },
        softDeleted: false,
      },
      {
        resource: 'shipping method',
        as: UserType.SUPER_ADMIN,
        url: '/api/v1/admin/shipping-methods',
        targetType: 'shipping_method',
        create: { name: 'Cargo bike', description: null, price: 4.5, estimatedDays: 1 },
        created: {
          name: 'Cargo bike',
          description: null,
          priceCents: 450,
          estimatedDays: 1,
          isActive: true,
        },
        update: { price: 5, isActive: false },
        changes: {
          before: { priceCents: 450, isActive: true },
          after: { priceCents: 500, isActive: false },
        },
        deletedBefore: { deletedAt: null },
        softDeleted: true,
      },
    ])
    .run(async ({ client, assert }, row) => {
      const { user: admin, authorization } = await actor(row.as)
      const created = await expectStatus(
        client.post(row.url).json(row.create).header('Authorization', authorization),
        201
      )
      const id = created.body().id as string
      await onlyEntry(assert, id, admin.id, {
        action: `${row.targetType}.created`,
        targetType: row.targetType,
        before: null,
        after: row.created,
      })
      await expectStatus(
        client.put(`${row.url}/${id}`).json(row.update).header('Authorization', authorization),
        200
      )
      const rows = await entriesOf(id)
      const update = rows.find((entry) => entry.action === `${row.targetType}.updated`)
      assert.deepEqual(update?.changes, row.changes)
      const deleteRequest = () =>
        client.delete(`${row.url}/${id}`).header('Authorization', authorization)
      await expectStatus(deleteRequest(), 200)
      await expectStatus(deleteRequest(), 404)
      const all = await entriesOf(id)
      const deletion = all.find((entry) => entry.action === `${row.targetType}.deleted`)
      assert.deepEqual(deletion?.changes.before, row.deletedBefore)
      if (row.softDeleted) assert.exists(deletion?.changes.after?.deletedAt)
      else assert.isNull(deletion?.changes.after)
      assert.sameMembers(
        all.map((entry) => entry.action),
        ['created', 'updated', 'deleted'].map((step) => `${row.targetType}.${step}`)
      )
    })
})
