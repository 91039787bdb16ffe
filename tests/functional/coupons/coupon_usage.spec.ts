import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { CouponFactory } from '#database/factories/coupon_factory'
import { CouponUsageService, checkoutRefusal } from '#services/coupons/coupon_usage_service'
import { evaluateCoupon } from '#services/coupons/coupon_rules'
import {
  CheckoutCouponNotFound,
  CouponExpired,
  CouponMinOrderNotMet,
  CouponNotStarted,
  CouponUsageLimitReached,
} from '#exceptions/coupon_errors'
import { eachInTransaction } from '#tests/helpers/transactions'

const usage = await app.container.make(CouponUsageService)

async function usageCount(id: string): Promise<number> {
  const row = await db.from('coupons').where('id', id).first()
  return Number(row.usage_count)
}

test.group('CouponUsageService', (group) => {
  eachInTransaction(group)

  test('findApplicableByCode finds a live, active coupon in any case', async ({ assert }) => {
    const coupon = await CouponFactory.apply('percentage')
      .merge({ code: 'SPRING-20', maxDiscountAmount: 700, usageLimit: 9, usageCount: 2 })
      .create()
    const snapshot = await db.transaction((trx) => usage.findApplicableByCode(' spring-20 ', trx))
    assert.deepEqual(snapshot, {
      id: coupon.id,
      code: 'SPRING-20',
      fundedBy: 'MARKETPLACE',
      terms: {
        discountType: 'PERCENTAGE',
        discountValue: 1500,
        minOrderAmount: 0,
        maxDiscountAmount: 700,
        startsAt: coupon.startDate.toMillis(),
        endsAt: coupon.endDate.toMillis(),
        usageLimit: 9,
        usageCount: 2,
        isActive: true,
      },
    })
    // What checkout does next: the rules decide with the snapshot alone.
    assert.deepEqual(evaluateCoupon(snapshot!.terms, 10_000, Date.now()), {
      ok: true,
      discount: 700,
    })
  })

  test('findApplicableByCode returns null for unknown, deleted and inactive codes', async ({
    assert,
  }) => {
    const deleted = await CouponFactory.apply('deleted').create()
    const inactive = await CouponFactory.apply('inactive').create()
    for (const code of ['UNKNOWN', deleted.code, inactive.code]) {
      assert.isNull(await usage.findApplicableByCode(code))
    }
  })

  test('countUse adds exactly one and refuses a used-up coupon with 422', async ({ assert }) => {
    const coupon = await CouponFactory.merge({ usageLimit: 2, usageCount: 0 }).create()
    await db.transaction((trx) => usage.countUse(coupon.id, trx))
    await db.transaction((trx) => usage.countUse(coupon.id, trx))
    assert.equal(await usageCount(coupon.id), 2)

    const error = await db
      .transaction((trx) => usage.countUse(coupon.id, trx))
      .catch((caught) => caught)
    assert.instanceOf(error, CouponUsageLimitReached)
    assert.equal(error.status, 422)
    assert.equal(error.code, 'COUPON_USAGE_LIMIT_REACHED')
    assert.equal(await usageCount(coupon.id), 2)
  })

  test('countUse has no ceiling without a limit', async ({ assert }) => {
    const coupon = await CouponFactory.merge({ usageLimit: null, usageCount: 41 }).create()
    await db.transaction((trx) => usage.countUse(coupon.id, trx))
    assert.equal(await usageCount(coupon.id), 42)
  })

  test('countUse refuses a deleted or inactive coupon as not found, counting nothing', async ({
    assert,
  }) => {
    for (const state of ['deleted', 'inactive'] as const) {
      const coupon = await CouponFactory.apply(state).create()
      const error = await db
        .transaction((trx) => usage.countUse(coupon.id, trx))
        .catch((caught) => caught)
      assert.instanceOf(error, CheckoutCouponNotFound)
      assert.equal(error.status, 422)
      assert.equal(error.code, 'COUPON_NOT_FOUND')
      assert.equal(await usageCount(coupon.id), 0)
    }
  })

  test('a use counted in a transaction that rolls back is not kept', async ({ assert }) => {
    const coupon = await CouponFactory.merge({ usageLimit: 5 }).create()
    await assert.rejects(() =>
      db.transaction(async (trx) => {
        await usage.countUse(coupon.id, trx)
        throw new Error('placing the order failed later')
      })
    )
    assert.equal(await usageCount(coupon.id), 0)
  })

  test('releaseUse gives one back, never below zero, deleted coupons included', async ({
    assert,
  }) => {
    const coupon = await CouponFactory.merge({ usageLimit: 5, usageCount: 1 }).create()
    assert.isTrue(await db.transaction((trx) => usage.releaseUse(coupon.id, trx)))
    assert.equal(await usageCount(coupon.id), 0)
    assert.isFalse(await db.transaction((trx) => usage.releaseUse(coupon.id, trx)))
    assert.equal(await usageCount(coupon.id), 0)

    const deleted = await CouponFactory.apply('deleted').merge({ usageCount: 3 }).create()
    assert.isTrue(await db.transaction((trx) => usage.releaseUse(deleted.id, trx)))
    assert.equal(await usageCount(deleted.id), 2)
  })

  test('the database refuses a count below zero or above the limit', async ({ assert }) => {
    const coupon = await CouponFactory.merge({ usageLimit: 1, usageCount: 1 }).create()
    // Straight at the table, past the service: the CHECK constraints must hold on their own.
    await assert.rejects(() =>
      db.transaction((trx) => trx.from('coupons').where('id', coupon.id).update({ usage_count: 2 }))
    )
    await assert.rejects(() =>
      db.transaction((trx) =>
        trx.from('coupons').where('id', coupon.id).update({ usage_count: -1 })
      )
    )
    await assert.rejects(() =>
      db.transaction((trx) =>
        trx
          .from('coupons')
          .where('id', coupon.id)
          .update({ discount_value: 10_001, discount_type: 'PERCENTAGE' })
      )
    )
    assert.equal(await usageCount(coupon.id), 1)
  })

  test('checkoutRefusal maps every rule refusal to its 422, inactive reading as not found', ({
    assert,
  }) => {
    const cases = [
      ['COUPON_INACTIVE', CheckoutCouponNotFound, 'COUPON_NOT_FOUND'],
      ['COUPON_NOT_STARTED', CouponNotStarted, 'COUPON_NOT_STARTED'],
      ['COUPON_EXPIRED', CouponExpired, 'COUPON_EXPIRED'],
      ['COUPON_USAGE_LIMIT_REACHED', CouponUsageLimitReached, 'COUPON_USAGE_LIMIT_REACHED'],
      ['COUPON_MIN_ORDER_NOT_MET', CouponMinOrderNotMet, 'COUPON_MIN_ORDER_NOT_MET'],
    ] as const
    for (const [reason, kind, code] of cases) {
      const error = checkoutRefusal(reason)
      assert.instanceOf(error, kind)
      assert.equal(error.status, 422)
      assert.equal(error.code, code)
    }
  })
})
