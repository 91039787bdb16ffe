/*
| Place-order takes at most 10 new idempotency keys a minute per customer, while a replay of a
| known key is never refused. Real parallel requests outside any test transaction; the rows are
| deleted afterwards.
*/
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { NEW_KEYS_PER_MINUTE } from '#services/checkout/order_placement_service'
import { expectProblem } from '#tests/helpers/responses'
import {
  committedOneLineCart,
  deletedAfterEach,
  postAs,
  tally,
} from '#tests/functional/checkout/support'

const PLACE = '/api/v1/checkout/place-order'
const UNKNOWN_ADDRESS = '0b6a8c1e-5d2f-4f3a-9e7b-2c4d6e8f0a1b'

test.group('Place-order: new idempotency keys per minute', (group) => {
  const { userIds } = deletedAfterEach(group)

  const customerWithCart = () => committedOneLineCart(userIds, 1500, 20)

  test('a burst of new keys gets exactly 10 placements tried, the rest 429', async ({
    client,
    assert,
  }) => {
    const { customer, standard } = await customerWithCart()
    // Every placement is refused after its key is claimed (unknown address), so each one
    // counts and nothing else decides the answer.
    const responses = await Promise.all(
      Array.from({ length: NEW_KEYS_PER_MINUTE + 5 }, () =>
        postAs(client, PLACE, customer, {
          shippingAddressId: UNKNOWN_ADDRESS,
          shippingMethodId: standard.id,
          paymentMethod: 'PAYPAL',
          idempotencyKey: `burst-${randomUUID()}`,
        })
      )
    )
    assert.deepEqual(tally(responses), {
      '404 SHIPPING_ADDRESS_NOT_FOUND': NEW_KEYS_PER_MINUTE,
      '429 TOO_MANY_REQUESTS': 5,
    })
    for (const response of responses.filter((candidate) => candidate.status() === 429)) {
      assert.isAbove(Number(response.header('retry-after')), 0)
    }
  })

  test('one new key sent 20 times at once counts once against the limit', async ({
    client,
    assert,
  }) => {
    const { customer, standard } = await customerWithCart()
    const body = {
      shippingAddressId: customer.address.id,
      shippingMethodId: standard.id,
      paymentMethod: 'PAYPAL',
      idempotencyKey: `same-${randomUUID()}`,
    }
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => postAs(client, PLACE, customer, body))
    )
    for (const label of Object.keys(tally(burst))) {
      assert.include(['201', '409 IDEMPOTENCY_IN_PROGRESS'], label)
    }

    // The burst used one unit of the minute's allowance: nine more new keys are tried.
    const others = await Promise.all(
      Array.from({ length: NEW_KEYS_PER_MINUTE }, () =>
        postAs(client, PLACE, customer, { ...body, idempotencyKey: `next-${randomUUID()}` })
      )
    )
    assert.deepEqual(tally(others), {
      '422 EMPTY_CART': NEW_KEYS_PER_MINUTE - 1,
      '429 TOO_MANY_REQUESTS': 1,
    })
    assert.lengthOf(await db.from('orders').where('user_id', customer.user.id), 1)
  })

  test('a known key is never refused by the limit: retries get their answer', async ({
    client,
    assert,
  }) => {
    const { customer, item, standard } = await customerWithCart()
    const body = {
      shippingAddressId: customer.address.id,
      shippingMethodId: standard.id,
      paymentMethod: 'PAYPAL',
      idempotencyKey: `first-${randomUUID()}`,
    }
    const placed = await postAs(client, PLACE, customer, body)
    placed.assertStatus(201)

    // Use the rest of the minute's allowance up with new keys.
    const others = await Promise.all(
      Array.from({ length: NEW_KEYS_PER_MINUTE }, () =>
        postAs(client, PLACE, customer, {
          ...body,
          idempotencyKey: `other-${randomUUID()}`,
        })
      )
    )
    assert.deepEqual(tally(others), {
      '422 EMPTY_CART': NEW_KEYS_PER_MINUTE - 1,
      '429 TOO_MANY_REQUESTS': 1,
    })

    const retries = await Promise.all(
      Array.from({ length: 5 }, () => postAs(client, PLACE, customer, body))
    )
    for (const retry of retries) {
      retry.assertStatus(201)
      assert.equal(retry.header('idempotent-replayed'), 'true')
      assert.deepEqual(retry.body(), placed.body())
    }
    const reused = await postAs(client, PLACE, customer, { ...body, notes: 'changed' })
    expectProblem(assert, reused, 422, 'IDEMPOTENCY_KEY_REUSED')

    const orders = await db.from('orders').where('user_id', customer.user.id)
    assert.lengthOf(orders, 1)
    const stock = await db.from('product_variants').where('id', item.id).firstOrFail()
    assert.equal(Number(stock.stock), 19)
  })
})
