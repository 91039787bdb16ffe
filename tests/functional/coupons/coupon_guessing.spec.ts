/*
| Coupon codes cannot be enumerated: a code that matches no coupon is a guess, and guesses are
| limited per user and per client address wherever a code can be tried (lookup, summary,
| place-order). Real parallel requests outside any test transaction, as the limit is counted
| before the lookup precisely so that a burst cannot outrun it; the rows are deleted afterwards.
*/
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import type { ApiResponse } from '@japa/api-client'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { UserType } from '#enums/user_type'
import { CouponFactory } from '#database/factories/coupon_factory'
import { COUPON_GUESSES_PER_MINUTE } from '#services/coupons/coupon_guess_limiter'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { withProxyTrust } from '#tests/helpers/proxy'
import {
  committedOneLineCart,
  deletedAfterEach,
  orderFields,
  postAs,
  tally,
} from '#tests/functional/checkout/support'

const SUMMARY = '/api/v1/checkout/summary'
const PLACE = '/api/v1/checkout/place-order'
const lookup = (code: string) => `/api/v1/coupons/${encodeURIComponent(code)}`

/** A code no coupon has. */
const unknownCode = () => `NOPE-${randomUUID().slice(0, 8).toUpperCase()}`

/** More guesses than the limit allows, all at once. */
const BURST = COUPON_GUESSES_PER_MINUTE + 10

/** Every 429 carries a positive Retry-After. */
function assertRetryAfter(assert: Assert, responses: ApiResponse[]) {
  for (const response of responses.filter((candidate) => candidate.status() === 429)) {
    assert.isAbove(Number(response.header('retry-after')), 0)
  }
}

test.group('Coupon guessing', (group) => {
  const { userIds, couponIds } = deletedAfterEach(group)
  group.each.setup(async () => {
    await limiter.clear()
    return () => limiter.clear()
  })

  /** A customer with an address and one product in the cart, ready for summary and place-order. */
  async function customerWithCart() {
    const { customer, item, standard } = await committedOneLineCart(userIds, 2000)
    const body = (couponCode: string) => orderFields(customer, standard, { couponCode })
    return { customer, item, body }
  }

  function summary(client: ApiClient, authorization: string, body: object) {
    return client.post(SUMMARY).header('Authorization', authorization).json(body)
  }

  test('a burst of unknown codes at the summary gets exactly the limit answered', async ({
    client,
    assert,
  }) => {
    const { customer, body } = await customerWithCart()
    const responses = await Promise.all(
      Array.from({ length: BURST }, () =>
        summary(client, customer.authorization, body(unknownCode()))
      )
    )
    assert.deepEqual(tally(responses), {
      '422 COUPON_NOT_FOUND': COUPON_GUESSES_PER_MINUTE,
      '429 TOO_MANY_REQUESTS': BURST - COUPON_GUESSES_PER_MINUTE,
    })
    assertRetryAfter(assert, responses)

    // The limit is reached: even a real code is not looked up any more, so nothing is revealed.
    const expired = await CouponFactory.apply('expired').create()
    couponIds.push(expired.id)
    const after = await summary(client, customer.authorization, body(expired.code))
    expectProblem(assert, after, 429, 'TOO_MANY_REQUESTS')
  })

  test('codes that exist are given back: expired, used up or valid never use the limit up', async ({
    client,
    assert,
  }) => {
    const { customer, body } = await customerWithCart()
    const expired = await CouponFactory.apply('expired').create()
    const usedUp = await CouponFactory.apply('usedUp').create()
    const valid = await CouponFactory.create()
    couponIds.push(expired.id, usedUp.id, valid.id)

    for (let round = 0; round < BURST; round++) {
      const expiredAnswer = await summary(client, customer.authorization, body(expired.code))
      expectProblem(assert, expiredAnswer, 422, 'COUPON_EXPIRED')
    }
    const usedUpAnswer = await summary(client, customer.authorization, body(usedUp.code))
    expectProblem(assert, usedUpAnswer, 422, 'COUPON_USAGE_LIMIT_REACHED')
    const validAnswer = await summary(client, customer.authorization, body(valid.code))
    validAnswer.assertStatus(200)

    // The whole allowance of guesses is still there.
    const guesses = await Promise.all(
      Array.from({ length: BURST }, () =>
        summary(client, customer.authorization, body(unknownCode()))
      )
    )
    assert.equal(tally(guesses)['422 COUPON_NOT_FOUND'], COUPON_GUESSES_PER_MINUTE)
  })

  test('lookup, summary and place-order share one allowance per user', async ({
    client,
    assert,
  }) => {
    const { customer, item, body } = await customerWithCart()
    const third = Math.floor(COUPON_GUESSES_PER_MINUTE / 3)
    const responses = await Promise.all([
      ...Array.from({ length: third }, () =>
        client.get(lookup(unknownCode())).header('Authorization', customer.authorization)
      ),
      ...Array.from({ length: third }, () =>
        summary(client, customer.authorization, body(unknownCode()))
      ),
      ...Array.from({ length: COUPON_GUESSES_PER_MINUTE - 2 * third }, () =>
        postAs(client, PLACE, customer, body(unknownCode()))
      ),
    ])
    assert.deepEqual(tally(responses), {
      '404 COUPON_NOT_FOUND': third,
      '422 COUPON_NOT_FOUND': COUPON_GUESSES_PER_MINUTE - third,
    })

    for (const next of [
      client.get(lookup(unknownCode())).header('Authorization', customer.authorization),
      summary(client, customer.authorization, body(unknownCode())),
      postAs(client, PLACE, customer, body(unknownCode())),
    ]) {
      expectProblem(assert, await next, 429, 'TOO_MANY_REQUESTS')
    }
    // Refused guesses placed nothing and kept no idempotency key.
    const orders = await db.from('orders').where('user_id', customer.user.id)
    assert.lengthOf(orders, 0)
    const keys = await db.from('idempotency_keys').where('user_id', customer.user.id)
    assert.lengthOf(keys, 0)
    const stock = await db.from('product_variants').where('id', item.id).firstOrFail()
    assert.equal(Number(stock.stock), 100)
  })

  test('many users guessing from one address share its allowance', async ({ client, assert }) => {
    const guessers = []
    for (let index = 0; index < BURST; index++) {
      const guesser = await actor(UserType.CUSTOMER)
      userIds.push(guesser.user.id)
      guessers.push(guesser)
    }
    const responses = await Promise.all(
      guessers.map((guesser) =>
        client.get(lookup(unknownCode())).header('Authorization', guesser.authorization)
      )
    )
    assert.deepEqual(tally(responses), {
      '404 COUPON_NOT_FOUND': COUPON_GUESSES_PER_MINUTE,
      '429 TOO_MANY_REQUESTS': BURST - COUPON_GUESSES_PER_MINUTE,
    })
    assertRetryAfter(assert, responses)
  })

  test('one user guessing from many addresses is still held to the per-user allowance', async ({
    client,
    assert,
  }) => {
    const guesser = await actor(UserType.CUSTOMER)
    userIds.push(guesser.user.id)
    await withProxyTrust('loopback', async () => {
      const responses = await Promise.all(
        Array.from({ length: BURST }, (_, index) =>
          client
            .get(lookup(unknownCode()))
            .header('Authorization', guesser.authorization)
            .header('X-Forwarded-For', `198.51.100.${index + 1}`)
        )
      )
      assert.deepEqual(tally(responses), {
        '404 COUPON_NOT_FOUND': COUPON_GUESSES_PER_MINUTE,
        '429 TOO_MANY_REQUESTS': BURST - COUPON_GUESSES_PER_MINUTE,
      })
    })
  })
})
