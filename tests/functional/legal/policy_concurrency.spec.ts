import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Policy from '#models/policy'
import PolicyConsent from '#models/policy_consent'
import User from '#models/user'
import { PolicyFactory } from '#database/factories/policy_factory'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { policyBody } from './support.js'

/*
| These requests must reach the database on separate connections at the same time, so this group
| runs without the rolled-back global transaction and deletes what it wrote instead.
*/
test.group('Legal policies under concurrent requests', (group) => {
  const userIds: string[] = []
  const policyIds: string[] = []

  // Only this group's rows: its users' consents and the policies they or its factories created.
  group.each.teardown(async () => {
    const users = userIds.splice(0)
    const created = await db.from('legal_policies').whereIn('created_by_id', users).select('id')
    const policies = [...policyIds.splice(0), ...created.map((row) => row.id as string)]
    await db
      .from('legal_policy_consents')
      .where((query) => query.whereIn('user_id', users).orWhereIn('policy_id', policies))
      .delete()
    await db.from('legal_policies').whereIn('id', policies).delete()
    await User.query().whereIn('id', users).delete()
  })

  const track = async (type: UserType) => {
    const created = await actor(type)
    userIds.push(created.user.id)
    return created
  }

  /** A privacy policy made by a factory, tracked for clean-up. */
  const trackedPolicy = async (version: string) => {
    const policy = await PolicyFactory.merge({ version }).create()
    policyIds.push(policy.id)
    return policy
  }

  /** A major version above every privacy policy version any earlier run may have left. */
  const freshMajor = async () => {
    const [row] = await db
      .from('legal_policies')
      .where('type', 'PRIVACY_POLICY')
      .max('version_major as major')
    return Number(row?.major ?? 0) + 1
  }

  test('simultaneous consents by one user make one record', async ({ client, assert }) => {
    const policy = await trackedPolicy(`${await freshMajor()}.0`)
    const { authorization } = await track(UserType.CUSTOMER)

    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        client
          .post('/policy-consent')
          .header('Authorization', authorization)
          .json({ policyId: policy.id })
      )
    )

    const statuses = responses.map((response) => response.status()).sort()
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 200, 201])
    const ids = new Set(responses.map((response) => response.body().data.id))
    assert.equal(ids.size, 1)
    assert.lengthOf(await PolicyConsent.query().where('policy_id', policy.id), 1)
  })

  test('simultaneous creations of one version make one policy', async ({ client, assert }) => {
    const admin = await track(UserType.ADMIN)
    const { authorization } = admin
    const major = await freshMajor()

    const responses = await Promise.all(
      [`${major}.0`, `${major}`, `${major}.0.0`, `${major}.0`, `${major}`, `${major}.0`].map(
        (version) =>
          client
            .post('/policy')
            .header('Authorization', authorization)
            .json(policyBody({ version }))
      )
    )

    const outcomes = responses.map((response) => response.body().error?.code ?? response.status())
    assert.deepEqual(outcomes.sort(), [
      201,
      'POLICY_VERSION_EXISTS',
      'POLICY_VERSION_EXISTS',
      'POLICY_VERSION_EXISTS',
      'POLICY_VERSION_EXISTS',
      'POLICY_VERSION_EXISTS',
    ])
    assert.lengthOf(await Policy.query().where('created_by_id', admin.user.id), 1)
  })

  test('simultaneous creations of different versions keep versions rising', async ({
    client,
    assert,
  }) => {
    const admin = await track(UserType.ADMIN)
    const { authorization } = admin
    const base = await freshMajor()

    const responses = await Promise.all(
      [4, 1, 3, 0, 2]
        .map((offset) => `${base + offset}.0`)
        .map((version) =>
          client
            .post('/policy')
            .header('Authorization', authorization)
            .json(policyBody({ version }))
        )
    )

    for (const response of responses) {
      const outcome = response.body().error?.code ?? response.status()
      assert.include([201, 'POLICY_VERSION_CONFLICT'], outcome)
    }
    const created = await Policy.query()
      .where('created_by_id', admin.user.id)
      .orderBy('created_at')
      .orderBy('version_major')
    assert.isAtLeast(created.length, 1)
    const majors = created.map((policy) => policy.versionMajor)
    assert.deepEqual(
      majors,
      [...majors].sort((a, b) => a - b)
    )
    assert.equal(responses.filter((response) => response.status() === 201).length, created.length)
  })

  test('an edit racing the first consent is refused or recorded, never lost', async ({
    client,
    assert,
  }) => {
    const major = await freshMajor()
    const policy = await trackedPolicy(`${major}.0`)
    const admin = await track(UserType.ADMIN)
    const customer = await track(UserType.CUSTOMER)

    const [edit, consent] = await Promise.all([
      client
        .put(`/policy/${policy.id}`)
        .header('Authorization', admin.authorization)
        .json({ version: `${major}.1` }),
      client
        .post('/policy-consent')
        .header('Authorization', customer.authorization)
        .json({ policyId: policy.id }),
    ])

    assert.equal(consent.status(), 201)
    const stored = await Policy.findOrFail(policy.id)
    const record = await PolicyConsent.findOrFail(consent.body().data.id)
    // Whichever came first, the consent names the version the policy has now.
    assert.equal(record.policyVersion, stored.version)
    if (edit.status() === 200) {
      assert.equal(stored.version, `${major}.1`)
    } else {
      assert.equal(edit.body().error.code, 'POLICY_LOCKED')
      assert.equal(stored.version, `${major}.0`)
    }
  })
})
