import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { CouponFactory } from '#database/factories/coupon_factory'
import { CouponUsageService } from '#services/coupons/coupon_usage_service'
import { CouponUsageLimitReached } from '#exceptions/coupon_errors'
import type Coupon from '#models/coupon'

/*
| No global transaction here: the attempts must run on real, separate connections (PostgreSQL)
| or queue for the single writer (SQLite), as concurrent placements would. The group creates its
| own rows and deletes them afterwards.
*/
test.group('Coupon use counting under concurrency', (group) => {
  const created: Coupon[] = []

  group.each.teardown(async () => {
    await db
      .from('coupons')
      .whereIn(
        'id',
        created.map((coupon) => coupon.id)
      )
      .delete()
    created.length = 0
  })

  test('30 simultaneous uses of a coupon limited to 5 count exactly 5', async ({ assert }) => {
    const coupon = await CouponFactory.merge({ usageLimit: 5, usageCount: 0 }).create()
    created.push(coupon)
    const usage = await app.container.make(CouponUsageService)

    const attempts = await Promise.allSettled(
      Array.from({ length: 30 }, () => db.transaction((trx) => usage.countUse(coupon.id, trx)))
    )

    const succeeded = attempts.filter((attempt) => attempt.status === 'fulfilled')
    const refused = attempts.filter(
      (attempt): attempt is PromiseRejectedResult => attempt.status === 'rejected'
    )
    assert.lengthOf(succeeded, 5)
    assert.lengthOf(refused, 25)
    for (const attempt of refused) assert.instanceOf(attempt.reason, CouponUsageLimitReached)

    const row = await db.from('coupons').where('id', coupon.id).first()
    assert.equal(Number(row.usage_count), 5)
  })

  test('simultaneous uses and give-backs leave the count consistent', async ({ assert }) => {
    const coupon = await CouponFactory.merge({ usageLimit: 10, usageCount: 5 }).create()
    created.push(coupon)
    const usage = await app.container.make(CouponUsageService)

    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        db.transaction(async (trx): Promise<boolean> => {
          if (index % 2 === 1) return usage.releaseUse(coupon.id, trx)
          await usage.countUse(coupon.id, trx)
          return true
        })
      )
    )

    const counted = attempts.filter(
      (attempt, index) => index % 2 === 0 && attempt.status === 'fulfilled'
    ).length
    const released = attempts.filter(
      (attempt, index) => index % 2 === 1 && attempt.status === 'fulfilled' && attempt.value
    ).length
    const row = await db.from('coupons').where('id', coupon.id).first()
    assert.equal(Number(row.usage_count), 5 + counted - released)
    assert.isAtMost(Number(row.usage_count), 10)
    assert.isAtLeast(Number(row.usage_count), 0)
  })
})
