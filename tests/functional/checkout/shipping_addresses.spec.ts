import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { ShippingAddressFactory } from '#database/factories/shipping_address_factory'
import { isUniqueViolation } from '#support/db_errors'
import { sqlTime } from '#support/sql_time'
import ShippingAddress from '#models/shipping_address'
import { MAX_SHIPPING_ADDRESSES } from '#services/checkout/shipping_address_service'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'

const BASE = '/api/v1/checkout/shipping-address'
const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field).sort()

/** Asserts a 400 VALIDATION_FAILED problem whose errors name exactly `fields` (sorted). */
function expectInvalid(assert: Assert, response: ApiResponse, fields: string[]) {
  assert.deepEqual(fieldsOf(expectProblem(assert, response, 400, 'VALIDATION_FAILED')), fields)
}

/** Every field of an address a customer writes, sorted. */
const ADDRESS_FIELDS = [
  'city',
  'country',
  'fullName',
  'isDefault',
  'line1',
  'line2',
  'phone',
  'postalCode',
  'state',
]

const validBody = () => ({
  fullName: '  Ada Lovelace ',
  phone: '+44 (20) 7946-0958',
  line1: '12 St James Square',
  line2: 'Flat 3',
  city: 'London',
  state: 'Greater London',
  postalCode: 'SW1Y 4JH',
  country: 'gb',
})

/** Saves a valid address as the new default. */
function addDefault(client: ApiClient, authorization: string) {
  return client
    .post(BASE)
    .header('Authorization', authorization)
    .json({ ...validBody(), isDefault: true })
}

test.group('Shipping addresses: who may call', (group) => {
  eachInTransaction(group)

  test('every route needs a token and a customer', async ({ client, assert }) => {
    const routes = [
      () => client.get(BASE),
      () => client.post(BASE).json(validBody()),
      () => client.put(`${BASE}/${UNKNOWN_ID}`).json({ city: 'Paris' }),
      () => client.delete(`${BASE}/${UNKNOWN_ID}`),
    ]
    const refused = await expectRoleMatrix(assert, routes, { refused: allBut(UserType.CUSTOMER) })
    const refusedIds = refused.map((user) => user.id)
    assert.lengthOf(await db.from('shipping_addresses').whereIn('user_id', refusedIds), 0)
  })
})

test.group('POST /api/v1/checkout/shipping-address', (group) => {
  eachInTransaction(group)

  test('saves a trimmed address with an upper-case country', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const response = await client
      .post(BASE)
      .header('Authorization', authorization)
      .json({
        ...validBody(),
        unknownField: 'ignored',
      })

    response.assertStatus(201)
    const body = response.body()
    assert.deepEqual(
      Object.keys(body).sort(),
      [...ADDRESS_FIELDS, 'createdAt', 'id', 'updatedAt'].sort()
    )
    assert.containsSubset(body, {
      fullName: 'Ada Lovelace',
      country: 'GB',
      isDefault: false,
      line2: 'Flat 3',
    })
    assert.match(body.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

    const row = await db.from('shipping_addresses').where('id', body.id).firstOrFail()
    assert.equal(row.user_id, user.id)
    assert.equal(row.full_name, 'Ada Lovelace')
    assert.equal(row.country, 'GB')
    assert.isFalse(Boolean(row.is_default))
  })

  test('optional fields may be left out or empty, and are stored as null', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client.post(BASE).header('Authorization', authorization).json({
      fullName: 'Grace Hopper',
      phone: '5550100',
      line1: '1 Navy Way',
      line2: '',
      city: 'Arlington',
      country: 'US',
    })
    response.assertStatus(201)
    assert.containsSubset(response.body(), { line2: null, state: null, postalCode: null })
  })

  test('refuses invalid input with one message per field', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const missing = await client.post(BASE).header('Authorization', authorization).json({})
    expectInvalid(assert, missing, ['city', 'country', 'fullName', 'line1', 'phone'])

    const wrong = await client
      .post(BASE)
      .header('Authorization', authorization)
      .json({
        fullName: 'x'.repeat(101),
        phone: 'call me',
        line1: 'y'.repeat(201),
        line2: 'z'.repeat(201),
        city: 'c'.repeat(101),
        state: 's'.repeat(101),
        postalCode: 'p'.repeat(21),
        country: 'XX',
        isDefault: 'yes',
      })
    expectInvalid(assert, wrong, ADDRESS_FIELDS)
    assert.lengthOf(await db.from('shipping_addresses').where('user_id', user.id), 0)
  })

  test('country must be an assigned ISO 3166-1 alpha-2 code: {$self}')
    .with(['UK', 'EU', 'XK', 'USA', 'U', '12', ''])
    .run(async ({ client, assert }, country) => {
      const { authorization } = await actor(UserType.CUSTOMER)
      const response = await client
        .post(BASE)
        .header('Authorization', authorization)
        .json({ ...validBody(), country })
      expectInvalid(assert, response, ['country'])
    })

  test('a phone must hold a digit and only digits, spaces and + - ( )', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.CUSTOMER)
    for (const phone of ['+-()', '555 0100 ext 2', '1'.repeat(33)]) {
      const response = await client
        .post(BASE)
        .header('Authorization', authorization)
        .json({ ...validBody(), phone })
      expectInvalid(assert, response, ['phone'])
    }
  })

  test('a new default replaces the previous one', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const first = await addDefault(client, authorization)
    first.assertStatus(201)
    const second = await addDefault(client, authorization)
    second.assertStatus(201)

    const defaults = await db
      .from('shipping_addresses')
      .where('user_id', user.id)
      .where('is_default', true)
    assert.deepEqual(
      defaults.map((row) => row.id),
      [second.body().id]
    )
  })

  test("one customer's default does not touch another's", async ({ client, assert }) => {
    const other = await actor(UserType.CUSTOMER)
    const theirs = await ShippingAddressFactory.merge({ userId: other.user.id })
      .apply('default')
      .create()
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await addDefault(client, authorization)
    response.assertStatus(201)
    const row = await db.from('shipping_addresses').where('id', theirs.id).firstOrFail()
    assert.isTrue(Boolean(row.is_default))
  })

  test('the database refuses a second default for one customer', async ({ assert }) => {
    const { user } = await actor(UserType.CUSTOMER)
    await ShippingAddressFactory.merge({ userId: user.id }).apply('default').create()
    const now = DateTime.now().toFormat(db.connection().dialect.dateTimeFormat)
    let error: unknown
    try {
      // A savepoint, so the refused insert does not abort the test's transaction on PostgreSQL.
      await db.transaction(async (trx) => {
        await trx.table('shipping_addresses').insert({
          id: randomUUID(),
          user_id: user.id,
          full_name: 'Second default',
          phone: '1',
          line1: 'x',
          city: 'y',
          country: 'US',
          is_default: true,
          created_at: now,
          updated_at: now,
        })
      })
    } catch (caught) {
      error = caught
    }
    assert.isTrue(isUniqueViolation(error), `expected a unique violation, got ${error}`)
  })
})

test.group('GET /api/v1/checkout/shipping-address', (group) => {
  eachInTransaction(group)

  test("lists the customer's own addresses, the default first, paginated", async ({
    client,
    assert,
  }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const other = await actor(UserType.CUSTOMER)
    await ShippingAddressFactory.merge({ userId: other.user.id }).createMany(2)
    const older = await ShippingAddressFactory.merge({
      userId: user.id,
      createdAt: DateTime.now().minus({ hours: 2 }),
    }).create()
    const middle = await ShippingAddressFactory.merge({
      userId: user.id,
      createdAt: DateTime.now().minus({ hours: 1 }),
    }).create()
    const preferred = await ShippingAddressFactory.merge({ userId: user.id })
      .apply('default')
      .create()

    const response = await client.get(BASE).header('Authorization', authorization)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().items.map((item: { id: string }) => item.id),
      [preferred.id, older.id, middle.id]
    )
    assert.containsSubset(response.body(), { total: 3, limit: 20, offset: 0 })

    const second = await client
      .get(BASE)
      .qs({ limit: 1, offset: 1 })
      .header('Authorization', authorization)
    assert.deepEqual(second.body(), {
      items: [second.body().items[0]],
      total: 3,
      limit: 1,
      offset: 1,
    })
    assert.equal(second.body().items[0].id, older.id)
  })

  test('refuses bad paging', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client
      .get(BASE)
      .qs({ limit: 0, offset: -1 })
      .header('Authorization', authorization)
    expectInvalid(assert, response, ['limit', 'offset'])
  })
})

test.group('PUT /api/v1/checkout/shipping-address/{id}', (group) => {
  eachInTransaction(group)

  test('changes only the fields given; null clears an optional one', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const address = await ShippingAddressFactory.merge({
      userId: user.id,
      line2: 'Suite 5',
    }).create()
    const response = await client
      .put(`${BASE}/${address.id}`)
      .header('Authorization', authorization)
      .json({ city: ' Oakland ', line2: null, country: 'us' })
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      id: address.id,
      city: 'Oakland',
      line2: null,
      country: 'US',
      fullName: address.fullName,
      postalCode: '94105',
    })
    const row = await db.from('shipping_addresses').where('id', address.id).firstOrFail()
    assert.equal(row.city, 'Oakland')
    assert.isNull(row.line2)
    assert.equal(row.full_name, address.fullName)
  })

  test('making an address the default clears the old default', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const old = await ShippingAddressFactory.merge({ userId: user.id }).apply('default').create()
    const address = await ShippingAddressFactory.merge({ userId: user.id }).create()
    const response = await client
      .put(`${BASE}/${address.id}`)
      .header('Authorization', authorization)
      .json({ isDefault: true })
    response.assertStatus(200)
    assert.isTrue(response.body().isDefault)
    const rows = await db.from('shipping_addresses').where('user_id', user.id)
    const byId = Object.fromEntries(rows.map((row) => [row.id, Boolean(row.is_default)]))
    assert.deepEqual(byId, { [old.id]: false, [address.id]: true })
  })

  test('unsetting the default leaves the customer without one', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const address = await ShippingAddressFactory.merge({ userId: user.id })
      .apply('default')
      .create()
    const response = await client
      .put(`${BASE}/${address.id}`)
      .header('Authorization', authorization)
      .json({ isDefault: false })
    response.assertStatus(200)
    assert.lengthOf(
      await db.from('shipping_addresses').where('user_id', user.id).where('is_default', true),
      0
    )
  })

  test("another customer's address or an unknown id is a 404 and stays unchanged", async ({
    client,
    assert,
  }) => {
    const other = await actor(UserType.CUSTOMER)
    const theirs = await ShippingAddressFactory.merge({ userId: other.user.id }).create()
    const { authorization } = await actor(UserType.CUSTOMER)
    for (const id of [theirs.id, UNKNOWN_ID]) {
      const response = await client
        .put(`${BASE}/${id}`)
        .header('Authorization', authorization)
        .json({ city: 'Elsewhere', isDefault: true })
      expectProblem(assert, response, 404, 'SHIPPING_ADDRESS_NOT_FOUND')
    }
    const row = await db.from('shipping_addresses').where('id', theirs.id).firstOrFail()
    assert.equal(row.city, theirs.city)
    assert.isFalse(Boolean(row.is_default))
  })

  test('refuses invalid fields and changes nothing', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const address = await ShippingAddressFactory.merge({ userId: user.id }).create()
    const response = await client
      .put(`${BASE}/${address.id}`)
      .header('Authorization', authorization)
      .json({ country: 'ZZ', fullName: '', city: 'Fresno', postalCode: '<script>' })
    expectInvalid(assert, response, ['country', 'fullName', 'postalCode'])
    const row = await db.from('shipping_addresses').where('id', address.id).firstOrFail()
    assert.equal(row.city, address.city)
  })

  test('a null required field is left as it is', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const address = await ShippingAddressFactory.merge({ userId: user.id }).create()
    const response = await client
      .put(`${BASE}/${address.id}`)
      .header('Authorization', authorization)
      .json({ fullName: null, phone: null })
    response.assertStatus(200)
    assert.containsSubset(response.body(), { fullName: address.fullName, phone: address.phone })
  })
})

test.group('DELETE /api/v1/checkout/shipping-address/{id}', (group) => {
  eachInTransaction(group)

  test('deletes the customer’s own address', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const address = await ShippingAddressFactory.merge({ userId: user.id }).create()
    const response = await client
      .delete(`${BASE}/${address.id}`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { id: address.id, deleted: true })
    assert.isNull(await db.from('shipping_addresses').where('id', address.id).first())

    const again = await client
      .delete(`${BASE}/${address.id}`)
      .header('Authorization', authorization)
    expectProblem(assert, again, 404, 'SHIPPING_ADDRESS_NOT_FOUND')
  })

  test("another customer's address is a 404 and is kept", async ({ client, assert }) => {
    const other = await actor(UserType.CUSTOMER)
    const theirs = await ShippingAddressFactory.merge({ userId: other.user.id }).create()
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client
      .delete(`${BASE}/${theirs.id}`)
      .header('Authorization', authorization)
    expectProblem(assert, response, 404, 'SHIPPING_ADDRESS_NOT_FOUND')
    assert.isNotNull(await db.from('shipping_addresses').where('id', theirs.id).first())
  })
})

test.group('Shipping addresses: losing the race for the default flag', (group) => {
  eachInTransaction(group)

  /**
   * Runs `inject` inside the request's transaction just before its new address is inserted,
   * after the old default was cleared: exactly where another request's default, committed
   * meanwhile, makes the partial unique index refuse the insert. Returns how often it ran.
   */
  function beforeInsert(
    cleanup: (handler: () => void) => void,
    inject: (address: ShippingAddress, call: number) => Promise<unknown>
  ) {
    const calls = { count: 0 }
    const hook = async (address: ShippingAddress) => {
      calls.count++
      await inject(address, calls.count)
    }
    ShippingAddress.before('create', hook)
    cleanup(() => ShippingAddress.$hooks.remove('before:create', hook))
    return calls
  }

  /** A customer whose saved address is the default. */
  async function customerWithDefault() {
    const customer = await actor(UserType.CUSTOMER)
    const old = await ShippingAddressFactory.merge({ userId: customer.user.id, isDefault: true })
    return { ...customer, old: await old.create() }
  }

  /** Each of the customer's addresses as [id, whether it is the default]. */
  async function defaultFlags(userId: string) {
    const rows = await db.from('shipping_addresses').where('user_id', userId)
    return rows.map((row) => [row.id, Boolean(row.is_default)])
  }

  /** Another default address of the same customer, written in the request's transaction. */
  const rivalDefault = (address: ShippingAddress) =>
    address.$trx!.table('shipping_addresses').insert({
      id: randomUUID(),
      user_id: address.userId,
      full_name: 'Rival Tab',
      phone: '+1 555 0100',
      line1: '1 Other Street',
      city: 'Elsewhere',
      country: 'US',
      is_default: true,
      created_at: sqlTime(undefined, address.$trx),
      updated_at: sqlTime(undefined, address.$trx),
    })

  test('the refused write is run again and the new address ends up the only default', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { user, authorization, old } = await customerWithDefault()
    const calls = beforeInsert(cleanup, (address, call) =>
      call === 1 ? rivalDefault(address) : Promise.resolve()
    )

    const response = await addDefault(client, authorization)

    response.assertStatus(201)
    assert.equal(calls.count, 2)
    const flags = await defaultFlags(user.id)
    assert.deepEqual(
      flags.sort(),
      [
        [old.id, false],
        [response.body().id, true],
      ].sort()
    )
  })

  test('after three refusals in a row it gives up: a 500, and nothing is written', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { user, authorization, old } = await customerWithDefault()
    const calls = beforeInsert(cleanup, (address) => rivalDefault(address))

    const response = await addDefault(client, authorization)

    expectProblem(assert, response, 500, 'INTERNAL_ERROR')
    assert.equal(calls.count, 3)
    assert.deepEqual(await defaultFlags(user.id), [[old.id, true]])
  })
})

test.group('Shipping addresses: at most 50 per customer', (group) => {
  eachInTransaction(group)

  test('the 51st is refused with 422 and nothing is written', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    await ShippingAddressFactory.merge({ userId: user.id }).createMany(MAX_SHIPPING_ADDRESSES)

    const response = await client
      .post(BASE)
      .header('Authorization', authorization)
      .json(validBody())

    expectProblem(assert, response, 422, 'SHIPPING_ADDRESS_LIMIT_REACHED')
    const rows = await db.from('shipping_addresses').where('user_id', user.id)
    assert.lengthOf(rows, MAX_SHIPPING_ADDRESSES)
    // Another customer is not counted against it.
    const other = await actor(UserType.CUSTOMER)
    const saved = await client
      .post(BASE)
      .header('Authorization', other.authorization)
      .json(validBody())
    saved.assertStatus(201)
  })

  test('after deleting one, one more can be saved', async ({ client, assert }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    const kept = await ShippingAddressFactory.merge({ userId: user.id }).createMany(
      MAX_SHIPPING_ADDRESSES
    )
    const removed = await client
      .delete(`${BASE}/${kept[0].id}`)
      .header('Authorization', authorization)
    removed.assertStatus(200)
    const saved = await client.post(BASE).header('Authorization', authorization).json(validBody())
    saved.assertStatus(201)
    assert.lengthOf(
      await db.from('shipping_addresses').where('user_id', user.id),
      MAX_SHIPPING_ADDRESSES
    )
  })
})

test.group('Shipping addresses: the limit under parallel requests', (group) => {
  const userIds: string[] = []
  group.each.setup(() => async () => {
    await db.from('users').whereIn('id', userIds).delete()
    userIds.length = 0
  })

  test('20 saves at once with 45 kept: exactly 5 pass, the rest are refused', async ({
    client,
    assert,
  }) => {
    const { user, authorization } = await actor(UserType.CUSTOMER)
    userIds.push(user.id)
    await ShippingAddressFactory.merge({ userId: user.id }).createMany(45)

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post(BASE).header('Authorization', authorization).json(validBody())
      )
    )

    const statuses = responses.map((response) => response.status()).sort()
    assert.deepEqual(statuses, [...Array(5).fill(201), ...Array(15).fill(422)])
    for (const response of responses.filter((candidate) => candidate.status() === 422)) {
      assert.equal(response.body().code, 'SHIPPING_ADDRESS_LIMIT_REACHED')
    }
    assert.lengthOf(
      await db.from('shipping_addresses').where('user_id', user.id),
      MAX_SHIPPING_ADDRESSES
    )
  })
})
