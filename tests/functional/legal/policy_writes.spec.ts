import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Policy from '#models/policy'
import PolicyConsent from '#models/policy_consent'
import { PolicyFactory } from '#database/factories/policy_factory'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { expectEnvelope, expectEnvelopeError } from '#tests/helpers/responses'
import { ISO_UTC, POLICY_KEYS, policyBody } from './support.js'
import { eachInTransaction } from '#tests/helpers/transactions'

const UNKNOWN_ID = '7b0f1a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b'

const fieldsOf = (error: { fields?: Array<{ field: string }> }) =>
  (error.fields ?? []).map((field) => field.field).sort()

/** Records a consent directly, as a user's earlier consent would have. */
async function consentTo(policy: Policy, userType: UserType = UserType.CUSTOMER) {
  const { user } = await actor(userType)
  await PolicyConsent.create({
    userId: user.id,
    policyId: policy.id,
    policyType: policy.type,
    policyVersion: policy.version,
    consentedAt: DateTime.utc(),
    ipAddress: '203.0.113.7',
    userAgent: null,
  })
  policy.lockedAt = DateTime.utc()
  await policy.save()
}

test.group('POST /policy', (group) => {
  eachInTransaction(group)

  test('answers 401 without a token or with a bad one', async ({ client, assert }) => {
    expectEnvelopeError(
      assert,
      await client.post('/policy').json(policyBody()),
      401,
      'UNAUTHORIZED'
    )
    const response = await client
      .post('/policy')
      .header('Authorization', 'Bearer not.a.jwt')
      .json(policyBody())
    assert.equal(response.status(), 401)
    assert.isFalse(response.body().isSuccess)
    assert.lengthOf(await Policy.all(), 0)
  })

  test('answers 403 to a {$self} token')
    .with([UserType.CUSTOMER, UserType.SELLER])
    .run(async ({ client, assert }, userType) => {
      const { authorization } = await actor(userType)
      const response = await client
        .post('/policy')
        .header('Authorization', authorization)
        .json(policyBody())
      expectEnvelopeError(assert, response, 403, 'FORBIDDEN')
      assert.lengthOf(await Policy.all(), 0)
    })

  test('creates a policy with a {$self} token, with exactly the create fields')
    .with([UserType.ADMIN, UserType.SUPER_ADMIN])
    .run(async ({ client, assert }, userType) => {
      const { user, authorization } = await actor(userType)
      const response = await client
        .post('/policy')
        .header('Authorization', authorization)
        .json(
          policyBody({
            title: '  Privacy Policy  ',
            content: '\n  Our promise.  \n',
            version: '2.1.3',
            effectiveDate: '2026-12-01T12:30:00.250+02:00',
          })
        )

      const data = expectEnvelope(assert, response, 201)
      assert.deepEqual(Object.keys(data).sort(), POLICY_KEYS)
      assert.deepEqual(data, {
        id: data.id,
        type: 'PRIVACY_POLICY',
        title: 'Privacy Policy',
        content: 'Our promise.',
        version: '2.1.3',
        effectiveDate: '2026-12-01T10:30:00.250Z',
        isActive: true,
      })

      const stored = await Policy.findOrFail(data.id)
      assert.equal(stored.title, 'Privacy Policy')
      assert.equal(stored.content, 'Our promise.')
      assert.deepEqual(stored.versionParts, [2, 1, 3])
      assert.equal(stored.effectiveDate.toISO(), '2026-12-01T10:30:00.250Z')
      assert.isTrue(stored.isActive)
      assert.isNull(stored.lockedAt)
      assert.equal(stored.createdById, user.id)
    })

  test('refuses a body without any field, naming each one', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client.post('/policy').header('Authorization', authorization).json({})
    const error = expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')
    assert.deepEqual(fieldsOf(error), ['content', 'effectiveDate', 'title', 'type', 'version'])
  })

  test('refuses type {$self}')
    .with(['COOKIE_POLICY', 'privacy_policy', '', 42, null])
    .run(async ({ client, assert }, type) => {
      const { authorization } = await actor(UserType.ADMIN)
      const response = await client
        .post('/policy')
        .header('Authorization', authorization)
        .json(policyBody({ type }))
      assert.deepEqual(fieldsOf(expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')), [
        'type',
      ])
    })

  test('refuses effectiveDate {$self}')
    .with([
      '2026-11-22',
      '2026-11-22T10:00:00',
      '2026-11-22 10:00:00Z',
      '2026-11-22T10:00Z',
      '2026-02-30T10:00:00Z',
      '2026-11-22T25:00:00Z',
      '22/11/2026 10:00',
      'tomorrow',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:00:00-05:00',
      '',
      1_795_000_000_000,
    ])
    .run(async ({ client, assert }, effectiveDate) => {
      const { authorization } = await actor(UserType.ADMIN)
      const response = await client
        .post('/policy')
        .header('Authorization', authorization)
        .json(policyBody({ effectiveDate }))
      assert.deepEqual(fieldsOf(expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')), [
        'effectiveDate',
      ])
      assert.lengthOf(await Policy.all(), 0)
    })

  test('refuses version {$self}')
    .with(['', 'v1', '1.', '.1', '1.2.3.4', '01', '1.01', '-1', '1.x', '1234567', 1.5, null])
    .run(async ({ client, assert }, version) => {
      const { authorization } = await actor(UserType.ADMIN)
      const response = await client
        .post('/policy')
        .header('Authorization', authorization)
        .json(policyBody({ version }))
      assert.deepEqual(fieldsOf(expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')), [
        'version',
      ])
    })

  test('refuses blank or over-long title and content', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    for (const [overrides, field] of [
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ content: '' }, 'content'],
      [{ content: ' \n\t ' }, 'content'],
      [{ content: 'x'.repeat(100_001) }, 'content'],
      [{ content: ['a'] }, 'content'],
    ] as const) {
      const response = await client
        .post('/policy')
        .header('Authorization', authorization)
        .json(policyBody(overrides))
      const error = expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(fieldsOf(error), [field])
    }
    assert.lengthOf(await Policy.all(), 0)
  })

  test('accepts a title of 200 and a content of 100,000 characters', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .post('/policy')
      .header('Authorization', authorization)
      .json(policyBody({ title: 't'.repeat(200), content: 'c'.repeat(100_000) }))
    const data = expectEnvelope(assert, response, 201)
    const stored = await Policy.findOrFail(data.id)
    assert.lengthOf(stored.title, 200)
    assert.lengthOf(stored.content, 100_000)
  })

  test('orders versions numerically: 1.10 is above 1.9', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const create = (version: string) =>
      client.post('/policy').header('Authorization', authorization).json(policyBody({ version }))

    expectEnvelope(assert, await create('1.9'), 201)
    expectEnvelope(assert, await create('1.10'), 201)
    expectEnvelopeError(assert, await create('1.9.5'), 409, 'POLICY_VERSION_CONFLICT')
    expectEnvelope(assert, await create('1.10.1'), 201)
    expectEnvelope(assert, await create('2'), 201)

    const created = await Policy.query().orderBy('created_at')
    assert.deepEqual(
      created.map((policy) => policy.version),
      ['1.9', '1.10', '1.10.1', '2']
    )
  })

  test('refuses a duplicate version, also when written differently', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const create = (version: string) =>
      client.post('/policy').header('Authorization', authorization).json(policyBody({ version }))

    expectEnvelope(assert, await create('1.0'), 201)
    for (const duplicate of ['1.0', '1', '1.0.0']) {
      expectEnvelopeError(assert, await create(duplicate), 409, 'POLICY_VERSION_EXISTS')
    }
    assert.lengthOf(await Policy.all(), 1)
  })

  test('refuses going backwards', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    await PolicyFactory.merge({ version: '2.0' }).create()
    const response = await client
      .post('/policy')
      .header('Authorization', authorization)
      .json(policyBody({ version: '1.5' }))
    const error = expectEnvelopeError(assert, response, 409, 'POLICY_VERSION_CONFLICT')
    assert.include(error.message, 'greater')
    assert.lengthOf(await Policy.all(), 1)
  })

  test('inactive versions still count; each type has its own versions', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.ADMIN)
    await PolicyFactory.apply('inactive').merge({ version: '3.0' }).create()
    const create = (type: string, version: string) =>
      client
        .post('/policy')
        .header('Authorization', authorization)
        .json(policyBody({ type, version }))

    expectEnvelopeError(assert, await create('PRIVACY_POLICY', '3'), 409, 'POLICY_VERSION_EXISTS')
    expectEnvelopeError(
      assert,
      await create('PRIVACY_POLICY', '2.9'),
      409,
      'POLICY_VERSION_CONFLICT'
    )
    expectEnvelope(assert, await create('TERMS_CONDITIONS', '1.0'), 201)
    expectEnvelope(assert, await create('PRIVACY_POLICY', '3.1'), 201)
  })
})

test.group('PUT /policy/{id}', (group) => {
  eachInTransaction(group)

  test('answers 401 without a token', async ({ client, assert }) => {
    const policy = await PolicyFactory.create()
    const response = await client.put(`/policy/${policy.id}`).json({ title: 'New' })
    expectEnvelopeError(assert, response, 401, 'UNAUTHORIZED')
    await policy.refresh()
    assert.notEqual(policy.title, 'New')
  })

  test('answers 403 to a customer', async ({ client, assert }) => {
    const policy = await PolicyFactory.create()
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client
      .put(`/policy/${policy.id}`)
      .header('Authorization', authorization)
      .json({ title: 'New' })
    expectEnvelopeError(assert, response, 403, 'FORBIDDEN')
    await policy.refresh()
    assert.notEqual(policy.title, 'New')
  })

  test('answers 404 for an unknown id, and for one that is not a UUID', async ({
    client,
    assert,
  }) => {
    await PolicyFactory.create()
    const { authorization } = await actor(UserType.ADMIN)
    for (const id of [UNKNOWN_ID, 'not-a-uuid', 'PRIVACY_POLICY']) {
      const response = await client
        .put(`/policy/${id}`)
        .header('Authorization', authorization)
        .json({ title: 'New' })
      expectEnvelopeError(assert, response, 404, 'POLICY_NOT_FOUND')
    }
  })

  test('refuses a body that names the type, whatever its value', async ({ client, assert }) => {
    const policy = await PolicyFactory.create()
    const { authorization } = await actor(UserType.ADMIN)
    for (const type of ['TERMS_CONDITIONS', 'PRIVACY_POLICY', null]) {
      const response = await client
        .put(`/policy/${policy.id}`)
        .header('Authorization', authorization)
        .json({ type, title: 'New' })
      const error = expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(fieldsOf(error), ['type'])
    }
    await policy.refresh()
    assert.equal(policy.type, 'PRIVACY_POLICY')
    assert.notEqual(policy.title, 'New')
  })

  test('refuses invalid fields and nulls', async ({ client, assert }) => {
    const policy = await PolicyFactory.create()
    const { authorization } = await actor(UserType.ADMIN)
    for (const [body, field] of [
      [{ title: null }, 'title'],
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ content: null }, 'content'],
      [{ content: 'x'.repeat(100_001) }, 'content'],
      [{ version: '1.2.3.4' }, 'version'],
      [{ version: null }, 'version'],
      [{ effectiveDate: '2026-11-22T10:00:00' }, 'effectiveDate'],
      [{ effectiveDate: null }, 'effectiveDate'],
    ] as const) {
      const response = await client
        .put(`/policy/${policy.id}`)
        .header('Authorization', authorization)
        .json(body)
      assert.deepEqual(
        fieldsOf(expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')),
        [field],
        JSON.stringify(body)
      )
    }
  })

  test('changes only the given fields and answers without timestamps', async ({
    client,
    assert,
  }) => {
    const yesterday = DateTime.utc().minus({ days: 1 })
    const policy = await PolicyFactory.merge({
      createdAt: yesterday,
      updatedAt: yesterday,
    }).create()
    const { user, authorization } = await actor(UserType.ADMIN)

    const response = await client
      .put(`/policy/${policy.id}`)
      .header('Authorization', authorization)
      .json({ title: '  Privacy, revised  ', effectiveDate: '2027-01-01T00:00:00-05:00' })

    const data = expectEnvelope(assert, response, 200)
    assert.deepEqual(Object.keys(data).sort(), POLICY_KEYS)
    assert.deepEqual(data, {
      id: policy.id,
      type: 'PRIVACY_POLICY',
      title: 'Privacy, revised',
      content: policy.content,
      version: '1.0',
      effectiveDate: '2027-01-01T05:00:00.000Z',
      isActive: true,
    })

    const stored = await Policy.findOrFail(policy.id)
    assert.equal(stored.title, 'Privacy, revised')
    assert.equal(stored.content, policy.content)
    assert.equal(stored.effectiveDate.toISO(), '2027-01-01T05:00:00.000Z')
    assert.equal(stored.updatedById, user.id)
    assert.isAbove(stored.updatedAt.toMillis(), policy.updatedAt.toMillis())
    assert.equal(stored.createdAt.toMillis(), policy.createdAt.toMillis())
  })

  test('an empty body changes nothing', async ({ client, assert }) => {
    const policy = await PolicyFactory.create()
    const { authorization } = await actor(UserType.SUPER_ADMIN)
    const response = await client
      .put(`/policy/${policy.id}`)
      .header('Authorization', authorization)
      .json({ unknownField: 'ignored' })
    const data = expectEnvelope(assert, response, 200)
    assert.equal(data.title, policy.title)
    const stored = await Policy.findOrFail(policy.id)
    assert.equal(stored.updatedAt.toMillis(), policy.updatedAt.toMillis())
    assert.isNull(stored.updatedById)
  })

  test('refuses to update an inactive policy', async ({ client, assert }) => {
    const policy = await PolicyFactory.apply('inactive').create()
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .put(`/policy/${policy.id}`)
      .header('Authorization', authorization)
      .json({ title: 'New' })
    expectEnvelopeError(assert, response, 409, 'POLICY_INACTIVE')
    await policy.refresh()
    assert.notEqual(policy.title, 'New')
  })

  test('freezes content and version once anyone has consented', async ({ client, assert }) => {
    const policy = await PolicyFactory.merge({ version: '1.0' }).create()
    await consentTo(policy)
    const { authorization } = await actor(UserType.ADMIN)
    const put = (body: Record<string, unknown>) =>
      client.put(`/policy/${policy.id}`).header('Authorization', authorization).json(body)

    expectEnvelopeError(assert, await put({ content: 'Changed text' }), 409, 'POLICY_LOCKED')
    expectEnvelopeError(assert, await put({ version: '1.1' }), 409, 'POLICY_LOCKED')
    expectEnvelopeError(
      assert,
      await put({ title: 'Also new', content: 'Changed text' }),
      409,
      'POLICY_LOCKED'
    )
    let stored = await Policy.findOrFail(policy.id)
    assert.equal(stored.content, policy.content)
    assert.equal(stored.version, '1.0')
    assert.equal(stored.title, policy.title)

    const data = expectEnvelope(
      assert,
      await put({
        title: 'Renamed',
        content: policy.content,
        version: '1.0',
        effectiveDate: '2026-01-01T00:00:00Z',
      }),
      200
    )
    assert.equal(data.title, 'Renamed')
    assert.equal(data.effectiveDate, '2026-01-01T00:00:00.000Z')
    stored = await Policy.findOrFail(policy.id)
    assert.equal(stored.title, 'Renamed')
    assert.equal(stored.content, policy.content)
  })

  test('lets a new version number sit between its neighbours only', async ({ client, assert }) => {
    await PolicyFactory.merge({ version: '1.0' }).create()
    const middle = await PolicyFactory.merge({ version: '2.0' }).create()
    const newest = await PolicyFactory.merge({ version: '3.0' }).create()
    const { authorization } = await actor(UserType.ADMIN)
    const renumber = (policy: Policy, version: string) =>
      client.put(`/policy/${policy.id}`).header('Authorization', authorization).json({ version })

    expectEnvelopeError(assert, await renumber(middle, '3'), 409, 'POLICY_VERSION_EXISTS')
    expectEnvelopeError(assert, await renumber(middle, '1.0.0'), 409, 'POLICY_VERSION_EXISTS')
    expectEnvelopeError(assert, await renumber(middle, '3.1'), 409, 'POLICY_VERSION_CONFLICT')
    expectEnvelopeError(assert, await renumber(middle, '0.9'), 409, 'POLICY_VERSION_CONFLICT')
    const unchanged = await Policy.findOrFail(middle.id)
    assert.equal(unchanged.version, '2.0')

    const data = expectEnvelope(assert, await renumber(middle, '2.5'), 200)
    assert.equal(data.version, '2.5')
    expectEnvelope(assert, await renumber(newest, '10'), 200)

    const stored = await Policy.findOrFail(middle.id)
    assert.equal(stored.version, '2.5')
    assert.deepEqual(stored.versionParts, [2, 5, 0])
    const renumbered = await Policy.findOrFail(newest.id)
    assert.deepEqual(renumbered.versionParts, [10, 0, 0])
  })
})

test.group('POST /policy/deactivate/{id}', (group) => {
  eachInTransaction(group)

  test('answers 401 without a token', async ({ client, assert }) => {
    const policy = await PolicyFactory.create()
    expectEnvelopeError(
      assert,
      await client.post(`/policy/deactivate/${policy.id}`),
      401,
      'UNAUTHORIZED'
    )
    await policy.refresh()
    assert.isTrue(policy.isActive)
  })

  test('answers 403 to a seller', async ({ client, assert }) => {
    const policy = await PolicyFactory.create()
    const { authorization } = await actor(UserType.SELLER)
    const response = await client
      .post(`/policy/deactivate/${policy.id}`)
      .header('Authorization', authorization)
    expectEnvelopeError(assert, response, 403, 'FORBIDDEN')
    await policy.refresh()
    assert.isTrue(policy.isActive)
  })

  test('answers 404 for an unknown id, and for one that is not a UUID', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.ADMIN)
    expectEnvelopeError(
      assert,
      await client.post(`/policy/deactivate/${UNKNOWN_ID}`).header('Authorization', authorization),
      404,
      'POLICY_NOT_FOUND'
    )
    expectEnvelopeError(
      assert,
      await client.post('/policy/deactivate/not-a-uuid').header('Authorization', authorization),
      404,
      'ROUTE_NOT_FOUND'
    )
  })

  test('marks the policy inactive and keeps it; a repeat changes nothing', async ({
    client,
    assert,
  }) => {
    const policy = await PolicyFactory.create()
    const { user, authorization } = await actor(UserType.ADMIN)

    const data = expectEnvelope(
      assert,
      await client.post(`/policy/deactivate/${policy.id}`).header('Authorization', authorization),
      200
    )
    assert.deepEqual(Object.keys(data).sort(), POLICY_KEYS)
    assert.equal(data.id, policy.id)
    assert.isFalse(data.isActive)
    assert.match(data.effectiveDate, ISO_UTC)

    const stored = await Policy.findOrFail(policy.id)
    assert.isFalse(stored.isActive)
    assert.equal(stored.updatedById, user.id)
    assert.equal(stored.content, policy.content)

    const { user: other, authorization: otherAuthorization } = await actor(UserType.SUPER_ADMIN)
    const again = expectEnvelope(
      assert,
      await client
        .post(`/policy/deactivate/${policy.id}`)
        .header('Authorization', otherAuthorization),
      200
    )
    assert.deepEqual(again, data)
    const unchanged = await Policy.findOrFail(policy.id)
    assert.equal(unchanged.updatedAt.toMillis(), stored.updatedAt.toMillis())
    assert.notEqual(unchanged.updatedById, other.id)
  })

  test('the previous active version becomes current again', async ({ client, assert }) => {
    const now = DateTime.utc()
    const first = await PolicyFactory.merge({
      version: '1.0',
      effectiveDate: now.minus({ days: 5 }),
    }).create()
    const second = await PolicyFactory.merge({
      version: '2.0',
      effectiveDate: now.minus({ days: 1 }),
    }).create()
    const { authorization } = await actor(UserType.ADMIN)

    assert.equal(
      expectEnvelope(assert, await client.get('/policy/PRIVACY_POLICY'), 200).id,
      second.id
    )
    await client.post(`/policy/deactivate/${second.id}`).header('Authorization', authorization)
    assert.equal(
      expectEnvelope(assert, await client.get('/policy/PRIVACY_POLICY'), 200).id,
      first.id
    )

    await client.post(`/policy/deactivate/${first.id}`).header('Authorization', authorization)
    expectEnvelopeError(assert, await client.get('/policy/PRIVACY_POLICY'), 404, 'POLICY_NOT_FOUND')
  })
})
