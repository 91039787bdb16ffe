import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Policy from '#models/policy'
import PolicyConsent from '#models/policy_consent'
import { PolicyFactory } from '#database/factories/policy_factory'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { expectEnvelope, expectEnvelopeError } from '#tests/helpers/responses'
import {
  CONSENT_KEYS,
  CONSENT_STATUS_KEYS,
  ISO_UTC,
  setConsentedAt,
  setEffectiveDate,
} from './support.js'
import { eachInTransaction } from '#tests/helpers/transactions'

const UNKNOWN_ID = '7b0f1a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b'

/** Policies of the factory's type, one per [version, effective date], created in that order. */
async function policyVersions(...versions: Array<[string, DateTime]>) {
  const created = []
  for (const [version, effectiveDate] of versions) {
    created.push(await PolicyFactory.merge({ version, effectiveDate }).create())
  }
  return created
}

test.group('POST /policy-consent', (group) => {
  eachInTransaction(group)

  test('answers 401 without a token', async ({ client, assert }) => {
    const policy = await PolicyFactory.create()
    const response = await client.post('/policy-consent').json({ policyId: policy.id })
    expectEnvelopeError(assert, response, 401, 'UNAUTHORIZED')
    assert.lengthOf(await PolicyConsent.query().where('policy_id', policy.id), 0)
  })

  test('refuses a missing or malformed policyId', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.CUSTOMER)
    for (const body of [{}, { policyId: 'not-a-uuid' }, { policyId: 42 }, { policyId: null }]) {
      const response = await client
        .post('/policy-consent')
        .header('Authorization', authorization)
        .json(body)
      const error = expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(
        error.fields?.map((field) => field.field),
        ['policyId']
      )
    }
  })

  test('answers 404 for an unknown policy', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const response = await client
      .post('/policy-consent')
      .header('Authorization', authorization)
      .json({ policyId: UNKNOWN_ID })
    expectEnvelopeError(assert, response, 404, 'POLICY_NOT_FOUND')
    assert.lengthOf(await PolicyConsent.query().where('user_id', user.id), 0)
  })

  test('answers 409 for an inactive policy and records nothing', async ({ client, assert }) => {
    const policy = await PolicyFactory.apply('inactive').create()
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client
      .post('/policy-consent')
      .header('Authorization', authorization)
      .json({ policyId: policy.id })
    expectEnvelopeError(assert, response, 409, 'POLICY_INACTIVE')
    assert.lengthOf(await PolicyConsent.query().where('policy_id', policy.id), 0)
    await policy.refresh()
    assert.isNull(policy.lockedAt)
  })

  test('records the consent with version, time, address and agent', async ({ client, assert }) => {
    const policy = await PolicyFactory.apply('terms').merge({ version: '2.1' }).create()
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const before = DateTime.utc()

    const response = await client
      .post('/policy-consent')
      .header('Authorization', authorization)
      .header('User-Agent', 'LegalSuite/1.0 (test)')
      .json({ policyId: policy.id })

    const data = expectEnvelope(assert, response, 201)
    assert.deepEqual(Object.keys(data).sort(), CONSENT_KEYS)
    assert.equal(data.userId, user.id)
    assert.equal(data.policyId, policy.id)
    assert.equal(data.policyType, 'TERMS_CONDITIONS')
    assert.equal(data.policyVersion, '2.1')
    assert.equal(data.userAgent, 'LegalSuite/1.0 (test)')
    assert.match(data.ipAddress, /^(::ffff:)?127\.0\.0\.1$|^::1$/)
    assert.match(data.consentedAt, ISO_UTC)
    const consentedAt = DateTime.fromISO(data.consentedAt)
    assert.isAtLeast(consentedAt.toMillis(), before.toMillis())
    assert.isAtMost(consentedAt.toMillis(), DateTime.utc().toMillis())

    const stored = await PolicyConsent.findOrFail(data.id)
    assert.equal(stored.userId, user.id)
    assert.equal(stored.policyVersion, '2.1')
    assert.equal(stored.ipAddress, data.ipAddress)
    assert.equal(stored.consentedAt.toISO(), data.consentedAt)
    await policy.refresh()
    assert.isNotNull(policy.lockedAt)
  })

  test('cuts a long user agent to 512 characters and stores a missing one as null', async ({
    client,
    assert,
  }) => {
    const privacy = await PolicyFactory.create()
    const terms = await PolicyFactory.apply('terms').create()
    const { authorization } = await actor(UserType.CUSTOMER)

    const long = await client
      .post('/policy-consent')
      .header('Authorization', authorization)
      .header('User-Agent', 'A'.repeat(2000))
      .json({ policyId: privacy.id })
    const data = expectEnvelope(assert, long, 201)
    assert.equal(data.userAgent, 'A'.repeat(512))
    const stored = await PolicyConsent.findOrFail(data.id)
    assert.equal(stored.userAgent, 'A'.repeat(512))

    const none = await client
      .post('/policy-consent')
      .header('Authorization', authorization)
      .json({ policyId: terms.id })
    const noneData = expectEnvelope(assert, none, 201)
    const storedNone = await PolicyConsent.findOrFail(noneData.id)
    assert.isNull(storedNone.userAgent)
  })

  test('consenting again returns the existing record with 200', async ({ client, assert }) => {
    const policy = await PolicyFactory.create()
    const { authorization } = await actor(UserType.CUSTOMER)
    const consent = () =>
      client
        .post('/policy-consent')
        .header('Authorization', authorization)
        .header('User-Agent', 'first')
        .json({ policyId: policy.id })

    const first = expectEnvelope(assert, await consent(), 201)
    const again = expectEnvelope(assert, await consent(), 200)

    assert.deepEqual(again, first)
    assert.lengthOf(await PolicyConsent.query().where('policy_id', policy.id), 1)
  })

  test('each user has their own record; sellers and admins may consent too', async ({
    client,
    assert,
  }) => {
    const policy = await PolicyFactory.create()
    for (const type of [UserType.CUSTOMER, UserType.SELLER, UserType.ADMIN]) {
      const { user, authorization } = await actor(type)
      const response = await client
        .post('/policy-consent')
        .header('Authorization', authorization)
        .json({ policyId: policy.id })
      assert.equal(expectEnvelope(assert, response, 201).userId, user.id)
    }
    assert.lengthOf(await PolicyConsent.query().where('policy_id', policy.id), 3)
  })

  test('a scheduled policy may be consented to ahead of its date', async ({ client, assert }) => {
    const policy = await PolicyFactory.apply('scheduled').merge({ version: '3.0' }).create()
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const response = await client
      .post('/policy-consent')
      .header('Authorization', authorization)
      .json({ policyId: policy.id })
    const data = expectEnvelope(assert, response, 201)

    const stored = await PolicyConsent.query().where('user_id', user.id)
    assert.deepEqual(
      stored.map((consent) => [consent.id, consent.policyId, consent.policyVersion]),
      [[data.id, policy.id, '3.0']]
    )
    await policy.refresh()
    assert.isNotNull(policy.lockedAt)
  })
})

test.group('GET /policy-consents', (group) => {
  eachInTransaction(group)

  test('answers 401 without a token', async ({ client, assert }) => {
    expectEnvelopeError(assert, await client.get('/policy-consents'), 401, 'UNAUTHORIZED')
  })

  test('answers an empty list before any consent', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client.get('/policy-consents').header('Authorization', authorization)
    assert.deepEqual(expectEnvelope(assert, response, 200), [])
  })

  test("lists only the caller's records, newest first", async ({ client, assert }) => {
    const privacy = await PolicyFactory.create()
    const terms = await PolicyFactory.apply('terms').create()
    const me = await actor(UserType.CUSTOMER)
    const someoneElse = await actor(UserType.CUSTOMER)
    const consent = (authorization: string, policy: Policy) =>
      client
        .post('/policy-consent')
        .header('Authorization', authorization)
        .json({ policyId: policy.id })

    const older = expectEnvelope(assert, await consent(me.authorization, terms), 201)
    const newer = expectEnvelope(assert, await consent(me.authorization, privacy), 201)
    await consent(someoneElse.authorization, privacy)
    await setConsentedAt(older.id, DateTime.utc().minus({ days: 2 }))
    await setConsentedAt(newer.id, DateTime.utc().minus({ days: 1 }))

    const response = await client.get('/policy-consents').header('Authorization', me.authorization)
    const data = expectEnvelope(assert, response, 200)

    assert.deepEqual(
      data.map((record: any) => record.id),
      [newer.id, older.id]
    )
    for (const record of data) {
      assert.deepEqual(Object.keys(record).sort(), CONSENT_KEYS)
      assert.equal(record.userId, me.user.id)
    }
    assert.equal(data[1].policyType, 'TERMS_CONDITIONS')
  })
})

test.group('GET /policy-consents/{policyType}', (group) => {
  eachInTransaction(group)

  const consent = async (client: any, authorization: string, policy: Policy) =>
    client
      .post('/policy-consent')
      .header('Authorization', authorization)
      .json({ policyId: policy.id })

  test('answers 401 without a token', async ({ client, assert }) => {
    expectEnvelopeError(
      assert,
      await client.get('/policy-consents/PRIVACY_POLICY'),
      401,
      'UNAUTHORIZED'
    )
  })

  test('refuses an unknown type with 400: {$self}')
    .with(['privacy_policy', 'COOKIES', 'x'])
    .run(async ({ client, assert }, type) => {
      const { authorization } = await actor(UserType.CUSTOMER)
      const response = await client
        .get(`/policy-consents/${type}`)
        .header('Authorization', authorization)
      const error = expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(
        error.fields?.map((field) => field.field),
        ['policyType']
      )
    })

  test('answers nulls when no policy of the type is in force', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client
      .get('/policy-consents/PRIVACY_POLICY')
      .header('Authorization', authorization)
    const data = expectEnvelope(assert, response, 200)
    assert.deepEqual(Object.keys(data).sort(), CONSENT_STATUS_KEYS)
    assert.deepEqual(data, {
      policyType: 'PRIVACY_POLICY',
      hasConsented: false,
      currentPolicyId: null,
      currentVersion: null,
      consentedPolicyId: null,
      consentedVersion: null,
      consentedAt: null,
    })
  })

  test('is false until the caller consents to the current policy', async ({ client, assert }) => {
    const policy = await PolicyFactory.merge({ version: '1.0' }).create()
    const { authorization } = await actor(UserType.CUSTOMER)
    const other = await actor(UserType.CUSTOMER)
    await consent(client, other.authorization, policy)
    const status = async () =>
      expectEnvelope(
        assert,
        await client.get('/policy-consents/PRIVACY_POLICY').header('Authorization', authorization),
        200
      )

    assert.deepEqual(await status(), {
      policyType: 'PRIVACY_POLICY',
      hasConsented: false,
      currentPolicyId: policy.id,
      currentVersion: '1.0',
      consentedPolicyId: null,
      consentedVersion: null,
      consentedAt: null,
    })

    const record = expectEnvelope(assert, await consent(client, authorization, policy), 201)

    const data = await status()
    assert.deepEqual(Object.keys(data).sort(), CONSENT_STATUS_KEYS)
    assert.deepEqual(data, {
      policyType: 'PRIVACY_POLICY',
      hasConsented: true,
      currentPolicyId: policy.id,
      currentVersion: '1.0',
      consentedPolicyId: policy.id,
      consentedVersion: '1.0',
      consentedAt: record.consentedAt,
    })
  })

  test('a consent to the other type does not count', async ({ client, assert }) => {
    await PolicyFactory.create()
    const terms = await PolicyFactory.apply('terms').create()
    const { authorization } = await actor(UserType.CUSTOMER)
    await consent(client, authorization, terms)

    const response = await client
      .get('/policy-consents/PRIVACY_POLICY')
      .header('Authorization', authorization)
    const data = expectEnvelope(assert, response, 200)
    assert.isFalse(data.hasConsented)
    assert.isNull(data.consentedPolicyId)
  })

  test('a new current version needs a new consent', async ({ client, assert }) => {
    const now = DateTime.utc()
    const [first, second] = await policyVersions(
      ['1.0', now.minus({ days: 10 })],
      ['1.1', now.plus({ days: 10 })]
    )
    const { authorization } = await actor(UserType.SELLER)
    const firstRecord = expectEnvelope(assert, await consent(client, authorization, first), 201)
    const status = async () =>
      expectEnvelope(
        assert,
        await client.get('/policy-consents/PRIVACY_POLICY').header('Authorization', authorization),
        200
      )

    // 1.1 is only scheduled: the consent to 1.0 still covers the current policy.
    let data = await status()
    assert.isTrue(data.hasConsented)
    assert.equal(data.currentPolicyId, first.id)

    await setEffectiveDate(second.id, now.minus({ seconds: 1 }))

    data = await status()
    assert.deepEqual(data, {
      policyType: 'PRIVACY_POLICY',
      hasConsented: false,
      currentPolicyId: second.id,
      currentVersion: '1.1',
      consentedPolicyId: first.id,
      consentedVersion: '1.0',
      consentedAt: firstRecord.consentedAt,
    })

    const secondRecord = expectEnvelope(assert, await consent(client, authorization, second), 201)
    assert.notEqual(secondRecord.id, firstRecord.id)

    data = await status()
    assert.isTrue(data.hasConsented)
    assert.equal(data.consentedPolicyId, second.id)
    assert.equal(data.consentedVersion, '1.1')
    assert.equal(data.consentedAt, secondRecord.consentedAt)

    const records = await PolicyConsent.query().orderBy('consented_at')
    assert.deepEqual(
      records.map((record) => record.policyVersion),
      ['1.0', '1.1']
    )
  })

  test('deactivating the consented policy falls back to the earlier one', async ({
    client,
    assert,
  }) => {
    const now = DateTime.utc()
    const [first, second] = await policyVersions(
      ['1.0', now.minus({ days: 10 })],
      ['2.0', now.minus({ days: 1 })]
    )
    const { authorization } = await actor(UserType.CUSTOMER)
    await consent(client, authorization, second)
    const admin = await actor(UserType.ADMIN)
    await client
      .post(`/policy/deactivate/${second.id}`)
      .header('Authorization', admin.authorization)

    const response = await client
      .get('/policy-consents/PRIVACY_POLICY')
      .header('Authorization', authorization)
    const data = expectEnvelope(assert, response, 200)
    assert.isFalse(data.hasConsented)
    assert.equal(data.currentPolicyId, first.id)
    assert.equal(data.consentedPolicyId, second.id)
    const deactivated = await Policy.findOrFail(second.id)
    assert.isFalse(deactivated.isActive)
  })
})
