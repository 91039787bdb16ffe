import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { clockAt, stoppedClock } from '#tests/helpers/clock'
import { PolicyFactory } from '#database/factories/policy_factory'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { expectEnvelope, expectEnvelopeError } from '#tests/helpers/responses'
import { ISO_UTC, POLICY_DETAIL_KEYS, setEffectiveDate } from './support.js'
import { eachInTransaction } from '#tests/helpers/transactions'

const UNKNOWN_ID = '7b0f1a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b'

test.group('GET /policy', (group) => {
  eachInTransaction(group)

  test('answers an empty list without a token', async ({ client, assert }) => {
    const data = expectEnvelope(assert, await client.get('/policy'), 200)
    assert.deepEqual(data, [])
  })

  test('lists every policy of both types, newest first, with timestamps', async ({
    client,
    assert,
  }) => {
    const now = DateTime.utc()
    const oldest = await PolicyFactory.merge({ createdAt: now.minus({ days: 3 }) }).create()
    const terms = await PolicyFactory.apply('terms')
      .merge({ createdAt: now.minus({ days: 2 }) })
      .create()
    const inactive = await PolicyFactory.apply('inactive')
      .merge({ version: '2.0', createdAt: now.minus({ days: 1 }) })
      .create()

    const data = expectEnvelope(assert, await client.get('/policy'), 200)

    assert.deepEqual(
      data.map((policy: any) => policy.id),
      [inactive.id, terms.id, oldest.id]
    )
    for (const policy of data) {
      assert.deepEqual(Object.keys(policy).sort(), POLICY_DETAIL_KEYS)
      assert.match(policy.effectiveDate, ISO_UTC)
      assert.match(policy.createdAt, ISO_UTC)
      assert.match(policy.updatedAt, ISO_UTC)
    }
    assert.deepEqual(data[0], {
      id: inactive.id,
      type: 'PRIVACY_POLICY',
      title: inactive.title,
      content: inactive.content,
      version: '2.0',
      effectiveDate: inactive.effectiveDate.toUTC().toISO(),
      isActive: false,
      createdAt: now.minus({ days: 1 }).toISO(),
      updatedAt: inactive.updatedAt.toUTC().toISO(),
    })
  })

  test('?active=true keeps the active ones, ?active=false the inactive ones', async ({
    client,
    assert,
  }) => {
    const active = await PolicyFactory.create()
    const inactive = await PolicyFactory.apply('inactive').merge({ version: '2.0' }).create()

    const onlyActive = expectEnvelope(assert, await client.get('/policy?active=true'), 200)
    assert.deepEqual(
      onlyActive.map((policy: any) => policy.id),
      [active.id]
    )
    const onlyInactive = expectEnvelope(assert, await client.get('/policy?active=false'), 200)
    assert.deepEqual(
      onlyInactive.map((policy: any) => policy.id),
      [inactive.id]
    )
  })

  test('refuses an `active` that is not a boolean, or repeated', async ({ client, assert }) => {
    for (const query of ['active=maybe', 'active=true&active=false']) {
      const error = expectEnvelopeError(
        assert,
        await client.get(`/policy?${query}`),
        400,
        'VALIDATION_FAILED'
      )
      assert.deepEqual(
        error.fields?.map((field) => field.field),
        ['active']
      )
    }
  })
})

test.group('GET /policy/{type}', (group) => {
  eachInTransaction(group)

  test('answers the policy in force, with exactly the detail fields', async ({
    client,
    assert,
  }) => {
    const policy = await PolicyFactory.create()
    await PolicyFactory.apply('terms').merge({ version: '9.0' }).create()

    const data = expectEnvelope(assert, await client.get('/policy/PRIVACY_POLICY'), 200)

    assert.deepEqual(Object.keys(data).sort(), POLICY_DETAIL_KEYS)
    assert.equal(data.id, policy.id)
    assert.equal(data.type, 'PRIVACY_POLICY')
    assert.equal(data.version, '1.0')
    assert.isTrue(data.isActive)
  })

  test('picks the latest effective date that is not in the future', async ({ client, assert }) => {
    const now = DateTime.utc()
    await PolicyFactory.merge({ version: '1.0', effectiveDate: now.minus({ days: 30 }) }).create()
    const current = await PolicyFactory.merge({
      version: '2.0',
      effectiveDate: now.minus({ days: 2 }),
    }).create()
    await PolicyFactory.merge({ version: '3.0', effectiveDate: now.plus({ days: 2 }) }).create()

    const data = expectEnvelope(assert, await client.get('/policy/PRIVACY_POLICY'), 200)
    assert.equal(data.id, current.id)
  })

  test('skips inactive policies, even newer ones', async ({ client, assert }) => {
    const now = DateTime.utc()
    const older = await PolicyFactory.merge({
      version: '1.0',
      effectiveDate: now.minus({ days: 9 }),
    }).create()
    await PolicyFactory.apply('inactive')
      .merge({ version: '2.0', effectiveDate: now.minus({ days: 1 }) })
      .create()

    const data = expectEnvelope(assert, await client.get('/policy/PRIVACY_POLICY'), 200)
    assert.equal(data.id, older.id)
  })

  test('breaks a tie on effective date with the higher version', async ({ client, assert }) => {
    const effectiveDate = DateTime.utc().minus({ days: 1 }).startOf('second')
    await PolicyFactory.merge({ version: '1.9', effectiveDate }).create()
    const higher = await PolicyFactory.merge({ version: '1.10', effectiveDate }).create()
    await PolicyFactory.merge({ version: '1.2', effectiveDate }).create()

    const data = expectEnvelope(assert, await client.get('/policy/PRIVACY_POLICY'), 200)
    assert.equal(data.id, higher.id)
  })

  test('a scheduled version is not current until its date passes', async ({ client, assert }) => {
    const current = await PolicyFactory.merge({ version: '1.0' }).create()
    const scheduled = await PolicyFactory.apply('scheduled').merge({ version: '2.0' }).create()

    let data = expectEnvelope(assert, await client.get('/policy/PRIVACY_POLICY'), 200)
    assert.equal(data.id, current.id)

    await setEffectiveDate(scheduled.id, DateTime.utc().minus({ seconds: 1 }))

    data = expectEnvelope(assert, await client.get('/policy/PRIVACY_POLICY'), 200)
    assert.equal(data.id, scheduled.id)
    assert.equal(data.version, '2.0')
  })

  test('a version takes over by itself the moment its date comes, on a stepped clock', async ({
    client,
    assert,
    cleanup,
  }) => {
    const start = stoppedClock(cleanup)
    const current = await PolicyFactory.merge({ version: '1.0' }).create()
    const dueAt = start.plus({ milliseconds: 400 })
    const next = await PolicyFactory.merge({ version: '1.1', effectiveDate: dueAt }).create()

    let data = expectEnvelope(assert, await client.get('/policy/PRIVACY_POLICY'), 200)
    assert.equal(data.id, current.id)

    clockAt(dueAt.toMillis() - 1)
    data = expectEnvelope(assert, await client.get('/policy/PRIVACY_POLICY'), 200)
    assert.equal(data.id, current.id)

    clockAt(dueAt.toMillis())
    data = expectEnvelope(assert, await client.get('/policy/PRIVACY_POLICY'), 200)
    assert.equal(data.id, next.id)
    assert.equal(data.effectiveDate, dueAt.toISO())
  })

  test('answers 404 when no policy of the type is in force', async ({ client, assert }) => {
    expectEnvelopeError(
      assert,
      await client.get('/policy/TERMS_CONDITIONS'),
      404,
      'POLICY_NOT_FOUND'
    )

    await PolicyFactory.apply('terms', 'scheduled').create()
    await PolicyFactory.apply('terms', 'inactive').merge({ version: '0.9' }).create()
    await PolicyFactory.create()

    expectEnvelopeError(
      assert,
      await client.get('/policy/TERMS_CONDITIONS'),
      404,
      'POLICY_NOT_FOUND'
    )
  })

  test('refuses an unknown type with 400: {$self}')
    .with(['privacy_policy', 'COOKIES', 'detail', '1'])
    .run(async ({ client, assert }, type) => {
      const error = expectEnvelopeError(
        assert,
        await client.get(`/policy/${type}`),
        400,
        'VALIDATION_FAILED'
      )
      assert.deepEqual(
        error.fields?.map((field) => field.field),
        ['type']
      )
    })
})

test.group('GET /policy/detail/{id}', (group) => {
  eachInTransaction(group)

  test('answers one policy without a token, inactive ones too', async ({ client, assert }) => {
    const policy = await PolicyFactory.apply('terms', 'inactive')
      .merge({ version: '3.1.4' })
      .create()

    const data = expectEnvelope(assert, await client.get(`/policy/detail/${policy.id}`), 200)

    assert.deepEqual(Object.keys(data).sort(), POLICY_DETAIL_KEYS)
    assert.deepEqual(data, {
      id: policy.id,
      type: 'TERMS_CONDITIONS',
      title: policy.title,
      content: policy.content,
      version: '3.1.4',
      effectiveDate: policy.effectiveDate.toUTC().toISO(),
      isActive: false,
      createdAt: policy.createdAt.toUTC().toISO(),
      updatedAt: policy.updatedAt.toUTC().toISO(),
    })
  })

  test('answers 404 for an unknown id', async ({ client, assert }) => {
    await PolicyFactory.create()
    expectEnvelopeError(
      assert,
      await client.get(`/policy/detail/${UNKNOWN_ID}`),
      404,
      'POLICY_NOT_FOUND'
    )
  })

  test('answers 404, not 500, for an id that is not a UUID', async ({ client, assert }) => {
    for (const id of ['not-a-uuid', '123', `${UNKNOWN_ID}x`]) {
      expectEnvelopeError(assert, await client.get(`/policy/detail/${id}`), 404, 'ROUTE_NOT_FOUND')
    }
  })

  test('needs no token even when one of any type is sent', async ({ client, assert }) => {
    const policy = await PolicyFactory.create()
    const { authorization } = await actor(UserType.SELLER)
    const response = await client
      .get(`/policy/detail/${policy.id}`)
      .header('Authorization', authorization)
    assert.equal(expectEnvelope(assert, response, 200).id, policy.id)
  })
})
