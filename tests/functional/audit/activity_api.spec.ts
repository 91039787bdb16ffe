import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { UserType } from '#enums/user_type'
import { AuditTrail } from '#services/admin/audit_trail_service'
import type User from '#models/user'
import { actor, makeUser } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { stored } from '#tests/functional/catalog/support'
import { eachInTransaction } from '#tests/helpers/transactions'

const URL = '/api/v1/admin/activity'

/** Writes one entry as a service would, then dates it `daysAgo` days back. */
async function entry(
  actorUser: User,
  fields: { action: 'user.deactivated' | 'coupon.deleted'; targetId: string; daysAgo?: number }
) {
  const trail = await app.container.make(AuditTrail)
  const row = await db.transaction((trx) =>
    trail.record(trx, {
      actor: { user: actorUser, clientAddress: '203.0.113.7' },
      action: fields.action,
      targetType: fields.action === 'coupon.deleted' ? 'coupon' : 'user',
      targetId: fields.targetId,
      before: { isActive: true },
      after: { isActive: false },
    })
  )
  if (fields.daysAgo) {
    await db
      .from('admin_actions')
      .where('id', row.id)
      .update({ created_at: stored(DateTime.now().minus({ days: fields.daysAgo })) })
  }
  return row
}

test.group('GET /api/v1/admin/activity', (group) => {
  eachInTransaction(group)

  test('needs a Super Admin token', async ({ client, assert }) => {
    await expectRoleMatrix(assert, [() => client.get(URL)], {
      refused: allBut(UserType.SUPER_ADMIN),
    })
  })

  test('refuses invalid filters', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.SUPER_ADMIN)
    const cases: Array<[string, string]> = [
      ['actorId=42', 'actorId'],
      ['action=user.deleted', 'action'],
      ['targetType=cart', 'targetType'],
      ['from=yesterday', 'from'],
      ['from=2026-11-20&to=2026-11-10', 'to'],
      ['limit=0', 'limit'],
      ['offset=-1', 'offset'],
    ]
    for (const [query, field] of cases) {
      const response = await client.get(`${URL}?${query}`).header('Authorization', authorization)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.include(
        (problem.errors ?? []).map((error: { field: string }) => error.field),
        field,
        query
      )
    }
  })

  test('lists entries newest first, filtered, in the page shape', async ({ client, assert }) => {
    // Tests that commit (the races) leave entries behind; this one counts only its own.
    await db.from('admin_actions').delete()
    const { user: superAdmin, authorization } = await actor(UserType.SUPER_ADMIN)
    const other = await makeUser(UserType.ADMIN)
    const target = await makeUser(UserType.CUSTOMER)
    const old = await entry(superAdmin, {
      action: 'user.deactivated',
      targetId: target.id,
      daysAgo: 10,
    })
    const recent = await entry(other, { action: 'coupon.deleted', targetId: 'c-1', daysAgo: 2 })
    const newest = await entry(superAdmin, { action: 'user.deactivated', targetId: target.id })

    const list = (qs: Record<string, unknown>) =>
      client.get(URL).qs(qs).header('Authorization', authorization)
    const ids = (response: Awaited<ReturnType<typeof list>>) =>
      response.body().items.map((item: { id: string }) => item.id)

    const all = await list({})
    all.assertStatus(200)
    assert.deepEqual(ids(all), [newest.id, recent.id, old.id])
    assert.deepInclude(all.body(), { total: 3, limit: 20, offset: 0 })
    assert.deepEqual(all.body().items[1], {
      id: recent.id,
      actorId: other.id,
      actorEmail: other.email,
      action: 'coupon.deleted',
      targetType: 'coupon',
      targetId: 'c-1',
      changes: { before: { isActive: true }, after: { isActive: false } },
      clientAddress: '203.0.113.7',
      createdAt: all.body().items[1].createdAt,
    })

    assert.deepEqual(ids(await list({ actorId: other.id })), [recent.id])
    assert.deepEqual(ids(await list({ action: 'user.deactivated' })), [newest.id, old.id])
    assert.deepEqual(ids(await list({ targetType: 'coupon' })), [recent.id])
    assert.deepEqual(ids(await list({ targetType: 'user', targetId: target.id })), [
      newest.id,
      old.id,
    ])
    const from = DateTime.now().minus({ days: 5 }).toISODate()
    const to = DateTime.now().minus({ days: 1 }).toISODate()
    assert.deepEqual(ids(await list({ from, to })), [recent.id])
    const paged = await list({ limit: 1, offset: 1 })
    assert.deepEqual(ids(paged), [recent.id])
    assert.deepInclude(paged.body(), { total: 3, limit: 1, offset: 1 })
  })
})
