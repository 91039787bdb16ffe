import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { DateTime } from 'luxon'
import { UserType } from '#enums/user_type'
import { CouponFactory } from '#database/factories/coupon_factory'
import { actor } from '#tests/helpers/actors'
import { expectProblem, withoutRequestId } from '#tests/helpers/responses'
import { eachInTransaction } from '#tests/helpers/transactions'

const lookup = (code: string) => `/api/v1/coupons/${encodeURIComponent(code)}`

test.group('GET /api/v1/coupons/{code}', (group) => {
  eachInTransaction(group)

  test('answers 401 without a token', async ({ client, assert }) => {
    const coupon = await CouponFactory.create()
    expectProblem(assert, await client.get(lookup(coupon.code)), 401, 'UNAUTHORIZED')
  })

  test('answers a usable coupon to every user type, matching the code in any case', async ({
    client,
    assert,
  }) => {
    const coupon = await CouponFactory.apply('percentage')
      .merge({
        code: 'WELCOME_15',
        minOrderAmount: 2500,
        maxDiscountAmount: 1000,
        usageLimit: 50,
        usageCount: 7,
        startDate: DateTime.fromISO('2020-01-01T00:00:00Z'),
        endDate: DateTime.fromISO('2099-12-31T23:59:59Z'),
      })
      .create()
    for (const type of [UserType.CUSTOMER, UserType.SELLER, UserType.ADMIN]) {
      const { authorization } = await actor(type)
      for (const code of ['WELCOME_15', 'welcome_15', 'Welcome_15']) {
        const response = await client.get(lookup(code)).header('Authorization', authorization)
        response.assertStatus(200)
        assert.deepEqual(response.body(), {
          id: coupon.id,
          code: 'WELCOME_15',
          discountType: 'PERCENTAGE',
          discountValue: 15,
          minOrderAmount: 25,
          maxDiscountAmount: 10,
          startDate: '2020-01-01T00:00:00',
          endDate: '2099-12-31T23:59:59',
          usageLimit: 50,
          usageCount: 7,
          isActive: true,
        })
      }
    }
  })

  test('answers the same 404 for unknown, inactive, expired, upcoming, used-up and deleted codes', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.CUSTOMER)
    const coupons = await Promise.all([
      CouponFactory.apply('inactive').create(),
      CouponFactory.apply('expired').create(),
      CouponFactory.apply('upcoming').create(),
      CouponFactory.apply('usedUp').create(),
      CouponFactory.apply('deleted').create(),
    ])
    const bodies = []
    for (const code of ['NO-SUCH-CODE', ...coupons.map((coupon) => coupon.code)]) {
      const response = await client.get(lookup(code)).header('Authorization', authorization)
      const problem = expectProblem(assert, response, 404, 'COUPON_NOT_FOUND')
      // Every field but the request id, which names each request.
      bodies.push(JSON.stringify(withoutRequestId(problem)))
    }
    assert.lengthOf(new Set(bodies), 1, 'every refusal must read the same')
  })

  test('answers a coupon that started this second, one about to end, one with a use left', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.CUSTOMER)
    const now = DateTime.utc().startOf('second')
    const startsNow = await CouponFactory.merge({
      startDate: now,
      endDate: now.plus({ days: 1 }),
    }).create()
    const endsNow = await CouponFactory.merge({
      startDate: now.minus({ days: 1 }),
      endDate: now.plus({ seconds: 2 }),
    }).create()
    const oneLeft = await CouponFactory.merge({ usageLimit: 3, usageCount: 2 }).create()
    for (const coupon of [startsNow, endsNow, oneLeft]) {
      const response = await client.get(lookup(coupon.code)).header('Authorization', authorization)
      response.assertStatus(200)
      assert.equal(response.body().id, coupon.id)
    }
  })

  for (const code of ['AB', 'A'.repeat(33), 'SUMMER 10', 'SUMMER%10', 'ÉTÉ-10']) {
    test(`answers 400 naming code for "${code}"`, async ({ client, assert }) => {
      const { authorization } = await actor(UserType.CUSTOMER)
      const response = await client.get(lookup(code)).header('Authorization', authorization)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(
        problem.errors!.map((error) => error.field),
        ['code']
      )
    })
  }

  test('unknown codes are limited per user with Retry-After; real codes are not counted', async ({
    client,
    assert,
    cleanup,
  }) => {
    await limiter.clear()
    cleanup(() => limiter.clear())
    const coupon = await CouponFactory.create()
    const { authorization } = await actor(UserType.CUSTOMER)
    for (let attempt = 0; attempt < 40; attempt++) {
      const response = await client.get(lookup(coupon.code)).header('Authorization', authorization)
      response.assertStatus(200)
    }
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await client
        .get(lookup(`UNKNOWN-${attempt}`))
        .header('Authorization', authorization)
      expectProblem(assert, response, 404, 'COUPON_NOT_FOUND')
    }
    const throttled = await client.get(lookup('UNKNOWN-X')).header('Authorization', authorization)
    expectProblem(assert, throttled, 429, 'TOO_MANY_REQUESTS')
    assert.isAbove(Number(throttled.header('retry-after')), 0)
  })
})
