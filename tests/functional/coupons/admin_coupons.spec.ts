import { test } from '@japa/runner'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { UserType } from '#enums/user_type'
import Coupon from '#models/coupon'
import { CouponFactory } from '#database/factories/coupon_factory'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'

const URL = '/api/v1/admin/coupons'

/** A valid create body; override what a test is about. */
function body(overrides: Record<string, unknown> = {}) {
  return {
    code: 'summer-10',
    discountType: 'PERCENTAGE',
    discountValue: 12.5,
    minOrderAmount: 50,
    maxDiscountAmount: 20.25,
    startDate: '2026-06-01T00:00:00',
    endDate: '2026-08-31T23:59:59',
    usageLimit: 100,
    isActive: true,
    ...overrides,
  }
}

function fieldsOf(problem: { errors?: Array<{ field: string; message: string }> }) {
  return (problem.errors ?? []).map((error) => error.field)
}

/** Asserts a 400 VALIDATION_FAILED problem whose errors name exactly `fields`, in any order. */
function expectInvalid(assert: Assert, response: ApiResponse, fields: string[]) {
  assert.sameMembers(fieldsOf(expectProblem(assert, response, 400, 'VALIDATION_FAILED')), fields)
}

/** A create request with the token `authorization`. */
function create(client: ApiClient, authorization: string, json: Record<string, unknown>) {
  return client.post(URL).header('Authorization', authorization).json(json)
}

/** An update of the coupon `id` with the token `authorization`. */
function update(
  client: ApiClient,
  authorization: string,
  id: string,
  json: Record<string, unknown>
) {
  return client.put(`${URL}/${id}`).header('Authorization', authorization).json(json)
}

async function admin() {
  const { authorization } = await actor(UserType.ADMIN)
  return authorization
}

async function storedRow(id: string) {
  return db.from('coupons').where('id', id).first()
}

/** One column of the stored row, as the database holds it. */
async function stored(id: string, column: string) {
  const row = await storedRow(id)
  return row[column]
}

/** How many rows (deleted ones included) the table holds, optionally for one code. */
async function rowCount(code?: string): Promise<number> {
  const query = db.from('coupons')
  if (code) query.where('code', code)
  const result = await query.count('* as n').first()
  return Number(result.n)
}

test.group('POST /api/v1/admin/coupons', (group) => {
  eachInTransaction(group)

  test('answers 401 without a token', async ({ client, assert }) => {
    const response = await client.post(URL).json(body())
    expectProblem(assert, response, 401, 'UNAUTHORIZED')
    assert.equal(await rowCount(), 0)
  })

  test('answers 403 to customer and seller tokens', async ({ client, assert }) => {
    await expectRoleMatrix(assert, [() => client.post(URL).json(body())], {
      refused: allBut(UserType.ADMIN, UserType.SUPER_ADMIN),
      anonymous: false,
    })
    assert.isNull(await db.from('coupons').first())
  })

  test('creates a coupon for an admin: 201, upper-case code, cents in the database', async ({
    client,
    assert,
  }) => {
    const response = await create(client, await admin(), body())
    response.assertStatus(201)
    const coupon = response.body()
    assert.match(coupon.id, /^[0-9a-f-]{36}$/)
    assert.deepEqual(coupon, {
      id: coupon.id,
      code: 'SUMMER-10',
      discountType: 'PERCENTAGE',
      discountValue: 12.5,
      minOrderAmount: 50,
      maxDiscountAmount: 20.25,
      startDate: '2026-06-01T00:00:00',
      endDate: '2026-08-31T23:59:59',
      usageLimit: 100,
      usageCount: 0,
      isActive: true,
      fundedBy: 'MARKETPLACE',
    })

    const row = await storedRow(coupon.id)
    assert.equal(row.code, 'SUMMER-10')
    assert.equal(row.discount_value, 1250)
    assert.equal(row.min_order_amount, 5000)
    assert.equal(row.max_discount_amount, 2025)
    assert.equal(row.usage_count, 0)
    assert.isNull(row.deleted_at)
    const model = await Coupon.findOrFail(coupon.id)
    assert.equal(model.startDate.toUTC().toISO(), '2026-06-01T00:00:00.000Z')
    assert.equal(model.endDate.toUTC().toISO(), '2026-08-31T23:59:59.000Z')
  })

  test('a Super Admin may create too; defaults apply to omitted fields', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.SUPER_ADMIN)
    const response = await client.post(URL).header('Authorization', authorization).json({
      code: 'Flat5',
      discountType: 'FIXED',
      discountValue: 5,
      startDate: '2026-01-01T00:00:00',
      endDate: '2026-12-31T23:59:59',
    })
    response.assertStatus(201)
    assert.containSubset(response.body(), {
      code: 'FLAT5',
      discountValue: 5,
      minOrderAmount: 0,
      maxDiscountAmount: null,
      usageLimit: null,
      usageCount: 0,
      isActive: true,
    })
    assert.equal(await stored(response.body().id, 'discount_value'), 500)
  })

  test('ignores a usageCount sent by the client', async ({ client, assert }) => {
    const response = await create(client, await admin(), body({ usageCount: 99 }))
    response.assertStatus(201)
    assert.equal(response.body().usageCount, 0)
    assert.equal(await stored(response.body().id, 'usage_count'), 0)
  })

  test('answers 400 with every field named when the body is empty', async ({ client, assert }) => {
    const response = await create(client, await admin(), {})
    expectInvalid(assert, response, [
      'code',
      'discountType',
      'discountValue',
      'startDate',
      'endDate',
    ])
  })

  const invalidBodies: Array<[string, Record<string, unknown>, string]> = [
    ['a code of 2 characters', { code: 'AB' }, 'code'],
    ['a code of 33 characters', { code: 'A'.repeat(33) }, 'code'],
    ['a code with a space', { code: 'SUMMER 10' }, 'code'],
    ['a code with a non-ASCII letter', { code: 'ÉTÉ10' }, 'code'],
    ['a numeric code', { code: 12345 }, 'code'],
    ['a null code', { code: null }, 'code'],
    ['an unknown discountType', { discountType: 'BOGO' }, 'discountType'],
    ['a lower-case discountType', { discountType: 'fixed' }, 'discountType'],
    ['a zero discountValue', { discountValue: 0 }, 'discountValue'],
    ['a negative discountValue', { discountValue: -5 }, 'discountValue'],
    ['a percentage above 100', { discountValue: 100.01 }, 'discountValue'],
    ['three decimals', { discountValue: 12.345 }, 'discountValue'],
    ['a string discountValue', { discountValue: '10' }, 'discountValue'],
    [
      'a fixed amount above 1,000,000',
      { discountType: 'FIXED', discountValue: 1_000_000.01 },
      'discountValue',
    ],
    ['a negative minOrderAmount', { minOrderAmount: -1 }, 'minOrderAmount'],
    ['minOrderAmount with three decimals', { minOrderAmount: 1.001 }, 'minOrderAmount'],
    ['a null minOrderAmount', { minOrderAmount: null }, 'minOrderAmount'],
    ['a null isActive', { isActive: null }, 'isActive'],
    ['a zero maxDiscountAmount', { maxDiscountAmount: 0 }, 'maxDiscountAmount'],
    ['a negative maxDiscountAmount', { maxDiscountAmount: -3 }, 'maxDiscountAmount'],
    ['a zero usageLimit', { usageLimit: 0 }, 'usageLimit'],
    ['a fractional usageLimit', { usageLimit: 1.5 }, 'usageLimit'],
    ['an enormous usageLimit', { usageLimit: 1_000_000_001 }, 'usageLimit'],
    ['a string isActive', { isActive: 'yes' }, 'isActive'],
    ['a date with a zone', { startDate: '2026-06-01T00:00:00Z' }, 'startDate'],
    ['a date with an offset', { startDate: '2026-06-01T00:00:00+02:00' }, 'startDate'],
    ['a date without time', { startDate: '2026-06-01' }, 'startDate'],
    ['a date with milliseconds', { startDate: '2026-06-01T00:00:00.000' }, 'startDate'],
    ['a date with a space', { startDate: '2026-06-01 00:00:00' }, 'startDate'],
    ['February 30th', { endDate: '2026-02-30T10:00:00' }, 'endDate'],
    ['hour 24', { endDate: '2026-09-01T24:00:00' }, 'endDate'],
    ['a year before 2000', { startDate: '1999-12-31T23:59:59' }, 'startDate'],
    ['a numeric date', { endDate: 1767225599 }, 'endDate'],
    ['endDate equal to startDate', { endDate: '2026-06-01T00:00:00' }, 'endDate'],
    ['endDate before startDate', { endDate: '2026-05-31T23:59:59' }, 'endDate'],
  ]

  for (const [label, overrides, field] of invalidBodies) {
    test(`answers 400 naming ${field} for ${label}`, async ({ client, assert }) => {
      const response = await create(client, await admin(), body(overrides))
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(fieldsOf(problem), [field])
      assert.isNotEmpty(problem.errors![0].message)
      assert.isNull(await db.from('coupons').first())
    })
  }

  test('accepts exactly 100 % and a 1,000,000 fixed amount', async ({ client, assert }) => {
    const authorization = await admin()
    const percent = await create(client, authorization, body({ code: 'FREE', discountValue: 100 }))
    percent.assertStatus(201)
    assert.equal(await stored(percent.body().id, 'discount_value'), 10000)

    const fixed = await create(
      client,
      authorization,
      body({ code: 'MILLION', discountType: 'FIXED', discountValue: 1_000_000 })
    )
    fixed.assertStatus(201)
    assert.equal(fixed.body().discountValue, 1_000_000)
    assert.equal(await stored(fixed.body().id, 'discount_value'), 100_000_000)
  })

  test('answers 409 COUPON_CODE_EXISTS for a duplicate code in any case', async ({
    client,
    assert,
  }) => {
    const authorization = await admin()
    const first = await client.post(URL).header('Authorization', authorization).json(body())
    first.assertStatus(201)
    for (const code of ['SUMMER-10', 'summer-10', 'Summer-10', '  summer-10  ']) {
      const response = await create(client, authorization, body({ code }))
      expectProblem(assert, response, 409, 'COUPON_CODE_EXISTS')
    }
    assert.equal(await rowCount(), 1)
  })

  test('the database refuses a second live row with the same code', async ({ assert }) => {
    await CouponFactory.merge({ code: 'TWICE' }).create()
    // Bypasses the service: the unique index itself must hold, which is what makes it race-safe.
    await assert.rejects(() =>
      db.transaction((trx) => CouponFactory.merge({ code: 'TWICE' }).client(trx).create())
    )
  })

  test('a deleted coupon frees its code', async ({ client, assert }) => {
    await CouponFactory.apply('deleted').merge({ code: 'SUMMER-10' }).create()
    const response = await create(client, await admin(), body())
    response.assertStatus(201)
    assert.equal(await rowCount('SUMMER-10'), 2)
  })

  test('reads and writes dates in STORE_TIMEZONE, storing UTC instants', async ({
    client,
    assert,
    cleanup,
  }) => {
    const previous = app.config.get('store.timezone')
    app.config.set('store.timezone', 'America/New_York')
    cleanup(() => app.config.set('store.timezone', previous))

    const response = await create(
      client,
      await admin(),
      body({ startDate: '2026-01-15T09:30:00', endDate: '2026-07-04T23:59:59' })
    )
    response.assertStatus(201)
    assert.equal(response.body().startDate, '2026-01-15T09:30:00')
    assert.equal(response.body().endDate, '2026-07-04T23:59:59')

    const model = await Coupon.findOrFail(response.body().id)
    // Winter is UTC−5, summer UTC−4.
    assert.equal(model.startDate.toUTC().toISO(), '2026-01-15T14:30:00.000Z')
    assert.equal(model.endDate.toUTC().toISO(), '2026-07-05T03:59:59.000Z')

    const gap = await create(
      client,
      await admin(),
      body({ code: 'GAP', startDate: '2026-03-08T02:30:00' })
    )
    const problem = expectProblem(assert, gap, 400, 'VALIDATION_FAILED')
    assert.deepEqual(fieldsOf(problem), ['startDate'])
    assert.include(problem.errors![0].message, 'daylight-saving')
  })
})

test.group('GET /api/v1/admin/coupons', (group) => {
  eachInTransaction(group)

  test('answers 401 without a token and 403 to a customer', async ({ client, assert }) => {
    expectProblem(assert, await client.get(URL), 401, 'UNAUTHORIZED')
    const { authorization } = await actor(UserType.CUSTOMER)
    expectProblem(
      assert,
      await client.get(URL).header('Authorization', authorization),
      403,
      'FORBIDDEN'
    )
  })

  test('lists live coupons newest first in the page shape, with defaults', async ({
    client,
    assert,
  }) => {
    const now = DateTime.utc()
    const oldest = await CouponFactory.merge({ createdAt: now.minus({ days: 3 }) }).create()
    const middle = await CouponFactory.apply('inactive')
      .merge({ createdAt: now.minus({ days: 2 }) })
      .create()
    const newest = await CouponFactory.merge({ createdAt: now.minus({ days: 1 }) }).create()
    await CouponFactory.apply('deleted').create()

    const response = await client.get(URL).header('Authorization', await admin())
    response.assertStatus(200)
    const result = response.body()
    assert.equal(result.total, 3)
    assert.equal(result.limit, 20)
    assert.equal(result.offset, 0)
    assert.deepEqual(
      result.items.map((item: { id: string }) => item.id),
      [newest.id, middle.id, oldest.id]
    )
    assert.properties(result.items[0], [
      'id',
      'code',
      'discountType',
      'discountValue',
      'minOrderAmount',
      'maxDiscountAmount',
      'startDate',
      'endDate',
      'usageLimit',
      'usageCount',
      'isActive',
    ])
  })

  test('pages with limit and offset', async ({ client, assert }) => {
    const now = DateTime.utc()
    const coupons = []
    for (let index = 0; index < 5; index++) {
      coupons.push(await CouponFactory.merge({ createdAt: now.minus({ hours: index }) }).create())
    }
    const response = await client
      .get(URL)
      .qs({ limit: 2, offset: 2 })
      .header('Authorization', await admin())
    response.assertStatus(200)
    assert.equal(response.body().total, 5)
    assert.equal(response.body().limit, 2)
    assert.equal(response.body().offset, 2)
    assert.deepEqual(
      response.body().items.map((item: { id: string }) => item.id),
      [coupons[2].id, coupons[3].id]
    )

    const beyond = await client
      .get(URL)
      .qs({ limit: 100, offset: 10 })
      .header('Authorization', await admin())
    beyond.assertStatus(200)
    assert.deepEqual(beyond.body().items, [])
    assert.equal(beyond.body().total, 5)
  })

  for (const [query, field] of [
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['offset=-1', 'offset'],
    ['limit=5&limit=6', 'limit'],
  ] as const) {
    test(`answers 400 for ${query}`, async ({ client, assert }) => {
      const response = await client.get(`${URL}?${query}`).header('Authorization', await admin())
      expectInvalid(assert, response, [field])
    })
  }
})

test.group('PUT /api/v1/admin/coupons/{id}', (group) => {
  eachInTransaction(group)

  test('answers 401 without a token and 403 to a seller', async ({ client, assert }) => {
    const coupon = await CouponFactory.create()
    expectProblem(
      assert,
      await client.put(`${URL}/${coupon.id}`).json({ isActive: false }),
      401,
      'UNAUTHORIZED'
    )
    const { authorization } = await actor(UserType.SELLER)
    const response = await update(client, authorization, coupon.id, { isActive: false })
    expectProblem(assert, response, 403, 'FORBIDDEN')
    assert.isTrue(Boolean(await stored(coupon.id, 'is_active')))
  })

  test('changes only the fields sent', async ({ client, assert }) => {
    const coupon = await CouponFactory.merge({ usageLimit: 10, usageCount: 4 }).create()
    const response = await update(client, await admin(), coupon.id, {
      minOrderAmount: 25.5,
      isActive: false,
      usageCount: 0,
    })
    response.assertStatus(200)
    assert.containSubset(response.body(), {
      id: coupon.id,
      code: coupon.code,
      discountType: 'FIXED',
      discountValue: 10,
      minOrderAmount: 25.5,
      usageLimit: 10,
      usageCount: 4,
      isActive: false,
    })
    const row = await storedRow(coupon.id)
    assert.equal(row.min_order_amount, 2550)
    assert.isFalse(Boolean(row.is_active))
    assert.equal(row.usage_count, 4)
    assert.equal(row.discount_value, 1000)
  })

  test('upper-cases a new code and refuses one taken by another coupon', async ({
    client,
    assert,
  }) => {
    const coupon = await CouponFactory.create()
    await CouponFactory.merge({ code: 'TAKEN' }).create()
    const authorization = await admin()

    const renamed = await update(client, authorization, coupon.id, { code: 'fresh_1' })
    renamed.assertStatus(200)
    assert.equal(renamed.body().code, 'FRESH_1')

    const clash = await update(client, authorization, coupon.id, { code: 'taken' })
    expectProblem(assert, clash, 409, 'COUPON_CODE_EXISTS')
    assert.equal(await stored(coupon.id, 'code'), 'FRESH_1')

    const same = await update(client, authorization, coupon.id, { code: 'Fresh_1' })
    same.assertStatus(200)
  })

  test('checks endDate after startDate against the merged values', async ({ client, assert }) => {
    const coupon = await CouponFactory.merge({
      startDate: DateTime.fromISO('2026-06-01T00:00:00Z'),
      endDate: DateTime.fromISO('2026-06-30T00:00:00Z'),
    }).create()
    const authorization = await admin()

    const endTooEarly = await update(client, authorization, coupon.id, {
      endDate: '2026-05-31T00:00:00',
    })
    expectInvalid(assert, endTooEarly, ['endDate'])

    const startTooLate = await update(client, authorization, coupon.id, {
      startDate: '2026-06-30T00:00:00',
    })
    expectInvalid(assert, startTooLate, ['endDate'])

    const both = await update(client, authorization, coupon.id, {
      startDate: '2026-07-01T00:00:00',
      endDate: '2026-07-31T23:59:59',
    })
    both.assertStatus(200)
    assert.equal(both.body().startDate, '2026-07-01T00:00:00')
    assert.equal(both.body().endDate, '2026-07-31T23:59:59')
  })

  test('checks a percentage against the stored type and requires a value with a new type', async ({
    client,
    assert,
  }) => {
    const coupon = await CouponFactory.apply('percentage').create()
    const authorization = await admin()

    const tooMuch = await update(client, authorization, coupon.id, { discountValue: 150 })
    expectInvalid(assert, tooMuch, ['discountValue'])

    const typeAlone = await update(client, authorization, coupon.id, { discountType: 'FIXED' })
    const typeProblem = expectProblem(assert, typeAlone, 400, 'VALIDATION_FAILED')
    assert.deepEqual(fieldsOf(typeProblem), ['discountValue'])
    assert.include(typeProblem.errors![0].message, 'discountType changes')

    const toFixed = await update(client, authorization, coupon.id, {
      discountType: 'FIXED',
      discountValue: 150,
    })
    toFixed.assertStatus(200)
    assert.equal(toFixed.body().discountValue, 150)
    assert.equal(await stored(coupon.id, 'discount_value'), 15000)
  })

  test('clears the cap and the limit with null', async ({ client, assert }) => {
    const coupon = await CouponFactory.apply('percentage')
      .merge({ maxDiscountAmount: 500, usageLimit: 10 })
      .create()
    const response = await update(client, await admin(), coupon.id, {
      maxDiscountAmount: null,
      usageLimit: null,
    })
    response.assertStatus(200)
    assert.isNull(response.body().maxDiscountAmount)
    assert.isNull(response.body().usageLimit)
    const row = await storedRow(coupon.id)
    assert.isNull(row.max_discount_amount)
    assert.isNull(row.usage_limit)
  })

  test('refuses a usageLimit below usageCount with 409 and accepts one equal to it', async ({
    client,
    assert,
  }) => {
    const coupon = await CouponFactory.merge({ usageLimit: 10, usageCount: 4 }).create()
    const authorization = await admin()

    const below = await update(client, authorization, coupon.id, { usageLimit: 3, isActive: false })
    const problem = expectProblem(assert, below, 409, 'COUPON_USAGE_LIMIT_BELOW_COUNT')
    assert.include(problem.detail, '4')
    const unchanged = await storedRow(coupon.id)
    assert.equal(unchanged.usage_limit, 10)
    assert.isTrue(Boolean(unchanged.is_active))

    const equal = await update(client, authorization, coupon.id, { usageLimit: 4 })
    equal.assertStatus(200)
    assert.equal(equal.body().usageLimit, 4)
    assert.equal(await stored(coupon.id, 'usage_limit'), 4)
  })

  test('answers 400 for invalid fields, naming them', async ({ client, assert }) => {
    const coupon = await CouponFactory.create()
    const response = await update(client, await admin(), coupon.id, {
      code: 'x',
      discountValue: 0,
      usageLimit: 0,
      startDate: '2026-01-01',
      endDate: null,
    })
    expectInvalid(assert, response, ['code', 'discountValue', 'usageLimit', 'startDate', 'endDate'])
  })

  test('answers 400 to null for a field that cannot be cleared', async ({ client, assert }) => {
    const coupon = await CouponFactory.create()
    const response = await update(client, await admin(), coupon.id, {
      code: null,
      discountType: null,
      discountValue: null,
      minOrderAmount: null,
      startDate: null,
      isActive: null,
    })
    expectInvalid(assert, response, [
      'code',
      'discountType',
      'discountValue',
      'minOrderAmount',
      'startDate',
      'isActive',
    ])
    assert.equal(await stored(coupon.id, 'code'), coupon.code)
  })

  test('answers 404 for an unknown, a deleted, or a non-UUID id', async ({ client, assert }) => {
    const authorization = await admin()
    const deleted = await CouponFactory.apply('deleted').create()
    for (const id of ['6f1c8a3e-2b7d-4c1e-9a0f-1d2e3f4a5b6c', deleted.id]) {
      const response = await update(client, authorization, id, { isActive: false })
      expectProblem(assert, response, 404, 'COUPON_NOT_FOUND')
    }
    const malformed = await update(client, authorization, 'not-a-uuid', { isActive: false })
    expectProblem(assert, malformed, 404, 'ROUTE_NOT_FOUND')
    assert.isTrue(Boolean(await stored(deleted.id, 'is_active')))
  })

  test('an empty body changes nothing and answers the coupon', async ({ client, assert }) => {
    const coupon = await CouponFactory.create()
    const before = await storedRow(coupon.id)
    const response = await update(client, await admin(), coupon.id, {})
    response.assertStatus(200)
    assert.equal(response.body().code, coupon.code)
    assert.equal(response.body().id, coupon.id)
    // Not a column changed, not even updated_at.
    assert.deepEqual(await storedRow(coupon.id), before)
  })
})

test.group('DELETE /api/v1/admin/coupons/{id}', (group) => {
  eachInTransaction(group)

  test('answers 401 without a token and 403 to a customer', async ({ client, assert }) => {
    const coupon = await CouponFactory.create()
    expectProblem(assert, await client.delete(`${URL}/${coupon.id}`), 401, 'UNAUTHORIZED')
    const { authorization } = await actor(UserType.CUSTOMER)
    expectProblem(
      assert,
      await client.delete(`${URL}/${coupon.id}`).header('Authorization', authorization),
      403,
      'FORBIDDEN'
    )
    assert.isNull(await stored(coupon.id, 'deleted_at'))
  })

  test('soft-deletes: 200 {id, deleted}, the row stays, lists and lookups drop it', async ({
    client,
    assert,
  }) => {
    const coupon = await CouponFactory.create()
    const authorization = await admin()
    const response = await client
      .delete(`${URL}/${coupon.id}`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    response.assertBody({ id: coupon.id, deleted: true })

    const row = await storedRow(coupon.id)
    assert.isNotNull(row.deleted_at)
    assert.equal(row.code, coupon.code)

    const list = await client.get(URL).header('Authorization', authorization)
    assert.equal(list.body().total, 0)
    const { authorization: customer } = await actor(UserType.CUSTOMER)
    const lookup = await client
      .get(`/api/v1/coupons/${coupon.code}`)
      .header('Authorization', customer)
    expectProblem(assert, lookup, 404, 'COUPON_NOT_FOUND')
  })

  test('answers 404 for an unknown id and for a second delete', async ({ client, assert }) => {
    const coupon = await CouponFactory.create()
    const authorization = await admin()
    const first = await client.delete(`${URL}/${coupon.id}`).header('Authorization', authorization)
    first.assertStatus(200)
    expectProblem(
      assert,
      await client.delete(`${URL}/${coupon.id}`).header('Authorization', authorization),
      404,
      'COUPON_NOT_FOUND'
    )
    expectProblem(
      assert,
      await client
        .delete(`${URL}/6f1c8a3e-2b7d-4c1e-9a0f-1d2e3f4a5b6c`)
        .header('Authorization', authorization),
      404,
      'COUPON_NOT_FOUND'
    )
  })
})
