import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { UserType } from '#enums/user_type'
import Category from '#models/category'
import { deleteCommitted } from '#tests/helpers/committed'

/*
| Real parallel requests on separate connections: no global transaction here, so every row this
| group writes is committed and deleted again by the cleanup.
*/
test.group('Category tree under concurrent requests', () => {
  test('two moves that would together close a cycle: one wins, the other gets 409', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { user, authorization } = await actor(UserType.ADMIN)
    const a = await Category.create({ name: 'A', slug: 'race-a', parentId: null })
    const b = await Category.create({ name: 'B', slug: 'race-b', parentId: null })
    cleanup(async () => {
      await db.from('admin_actions').whereIn('target_id', [a.id, b.id]).delete()
      await db.from('categories').where('id', b.id).update({ parent_id: null })
      await db.from('categories').where('id', a.id).update({ parent_id: null })
      await db.from('categories').whereIn('id', [a.id, b.id]).delete()
      await deleteCommitted({ users: [user.id] })
    })

    const responses = await Promise.all([
      client
        .put(`/api/v1/admin/categories/${a.id}`)
        .header('Authorization', authorization)
        .json({ parentId: b.id }),
      client
        .put(`/api/v1/admin/categories/${b.id}`)
        .header('Authorization', authorization)
        .json({ parentId: a.id }),
    ])
    const statuses = responses.map((response) => response.status()).sort()
    assert.deepEqual(statuses, [200, 409])
    const loser = responses.find((response) => response.status() === 409)
    assert.equal(loser?.body().code, 'CATEGORY_CYCLE')
    const rows = await db.from('categories').whereIn('id', [a.id, b.id])
    assert.lengthOf(
      rows.filter((row) => row.parent_id !== null),
      1
    )
  })

  test('parallel creations with one slug: exactly one wins, the others get 409', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { user, authorization } = await actor(UserType.ADMIN)
    cleanup(async () => {
      const twins = await db.from('categories').where('slug', 'race-twin')
      const ids = twins.map((row) => row.id)
      await db.from('admin_actions').whereIn('target_id', ids).delete()
      await db.from('categories').whereIn('id', ids).delete()
      await deleteCommitted({ users: [user.id] })
    })
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        client
          .post('/api/v1/admin/categories')
          .header('Authorization', authorization)
          .json({ name: 'Twin', slug: 'race-twin' })
      )
    )
    assert.deepEqual(
      responses.map((response) => response.status()).sort(),
      [201, 409, 409, 409, 409]
    )
    assert.lengthOf(await db.from('categories').where('slug', 'race-twin'), 1)
  })
})
