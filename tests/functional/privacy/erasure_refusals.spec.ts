import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { UserType } from '#enums/user_type'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { ShippingAddressFactory } from '#database/factories/shipping_address_factory'
import { actor, bearer, makeUser } from '#tests/helpers/actors'
import { eachInTransaction } from '#tests/helpers/transactions'
import { expectEnvelope, expectEnvelopeError } from '#tests/helpers/responses'
import { deliveredOrder } from '#tests/functional/returns/support'
import {
  fillCart,
  product,
  sellerShop,
  seededMethod,
  shopper,
} from '#tests/functional/checkout/support'
import { placeThroughService } from '#tests/functional/orders/support'
import { ERASE } from '#tests/functional/privacy/support'

/** What an erasure would change of an account: its row and its saved addresses. */
async function stateOf(userId: string) {
  const user = await db.from('users').where('id', userId).firstOrFail()
  const addresses = await db.from('shipping_addresses').where('user_id', userId).count('* as n')
  return {
    email: user.email,
    password: user.password,
    tokenVersion: Number(user.token_version),
    erasedAt: user.erased_at,
    addresses: Number(addresses[0].n),
  }
}

test.group('Privacy: DELETE /auth/me refusals', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())

  test('without a token it is refused', async ({ client, assert }) => {
    expectEnvelopeError(
      assert,
      await client.delete(ERASE).json({ password: 'x' }),
      401,
      'UNAUTHORIZED'
    )
  })

  test('invalid input is refused and changes nothing', async ({ client, assert }) => {
    const customer = await actor(UserType.CUSTOMER)
    const before = await stateOf(customer.user.id)
    for (const body of [{}, { password: '' }, { password: 42 }, { password: 'x'.repeat(1000) }]) {
      const response = await client
        .delete(ERASE)
        .header('Authorization', customer.authorization)
        .json(body)
      const error = expectEnvelopeError(assert, response, 400, 'VALIDATION_FAILED')
      assert.deepEqual(
        error.fields?.map((field) => field.field),
        ['password'],
        JSON.stringify(body)
      )
    }
    assert.deepEqual(await stateOf(customer.user.id), before)
  })

  test('a wrong password is refused as on change-password, and the guesses are throttled', async ({
    client,
    assert,
  }) => {
    const customer = await actor(UserType.CUSTOMER)
    await ShippingAddressFactory.merge({ userId: customer.user.id }).create()
    const before = await stateOf(customer.user.id)
    const attempt = (password: string) =>
      client.delete(ERASE).header('Authorization', customer.authorization).json({ password })
    for (let guess = 0; guess < 5; guess++) {
      expectEnvelopeError(assert, await attempt(`Wrong-${guess}`), 400, 'INVALID_CURRENT_PASSWORD')
    }
    expectEnvelopeError(assert, await attempt(FACTORY_PASSWORD), 429, 'TOO_MANY_REQUESTS')
    assert.deepEqual(await stateOf(customer.user.id), before)
  })

  test('a Super Admin cannot erase itself', async ({ client, assert }) => {
    const superAdmin = await actor(UserType.SUPER_ADMIN)
    const before = await stateOf(superAdmin.user.id)
    expectEnvelopeError(
      assert,
      await client
        .delete(ERASE)
        .header('Authorization', superAdmin.authorization)
        .json({ password: FACTORY_PASSWORD }),
      409,
      'SUPER_ADMIN_NOT_ERASABLE'
    )
    assert.deepEqual(await stateOf(superAdmin.user.id), before)
  })

  test('open business refuses the erasure and changes nothing', async ({ client, assert }) => {
    // A seller whose shop has an order not yet delivered.
    const customer = await shopper()
    const seller = await sellerShop()
    const mug = await product(seller.shop.id, 1200)
    await fillCart(customer.user, [[mug, 1]])
    await placeThroughService(customer.user, customer, await seededMethod('Standard'))
    // A seller whose orders are all delivered, but whose shop is still owed its earnings.
    const delivered = await deliveredOrder(client)

    for (const who of [seller, customer, delivered.seller]) {
      const before = await stateOf(who.user.id)
      const response = await client
        .delete(ERASE)
        .header('Authorization', who.authorization)
        .json({ password: FACTORY_PASSWORD })
      expectEnvelopeError(assert, response, 409, 'ACCOUNT_HAS_OPEN_BUSINESS')
      assert.deepEqual(await stateOf(who.user.id), before, who.user.userType)
    }
    const shops = await db.from('shops').whereIn('id', [seller.shop.id, delivered.seller.shop.id])
    assert.deepEqual(
      shops.map((shop) => shop.status),
      ['APPROVED', 'APPROVED']
    )
  })
})

test.group('Privacy: concurrent erasures', (group) => {
  const created: string[] = []
  group.each.setup(() => limiter.clear())
  group.each.setup(() => async () => {
    await db.from('outbox_messages').where('kind', 'account_erased').delete()
    await db.from('refresh_tokens').whereIn('user_id', created).delete()
    await db.from('users').whereIn('id', created.splice(0)).delete()
  })

  test('of 20 parallel erasures of one account exactly one erases, the others are refused cleanly', async ({
    client,
    assert,
  }) => {
    const customer = await makeUser(UserType.CUSTOMER)
    created.push(customer.id)
    await ShippingAddressFactory.merge({ userId: customer.id }).create()
    const authorization = await bearer(customer)

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client
          .delete(ERASE)
          .header('Authorization', authorization)
          .json({ password: FACTORY_PASSWORD })
      )
    )
    const statuses = answers.map((answer) => answer.status())
    assert.equal(statuses.filter((status) => status === 200).length, 1, JSON.stringify(statuses))
    for (const answer of answers) {
      if (answer.status() === 200) {
        expectEnvelope(assert, answer, 200)
        continue
      }
      assert.include(
        [
          '401 TOKEN_REVOKED',
          '403 ACCOUNT_DEACTIVATED',
          '409 ACCOUNT_ALREADY_ERASED',
          '429 TOO_MANY_REQUESTS',
        ],
        `${answer.status()} ${answer.body().error?.code}`
      )
    }
    const notices = await db.from('outbox_messages').where('kind', 'account_erased')
    assert.lengthOf(notices, 1)
    const state = await stateOf(customer.id)
    assert.isNotNull(state.erasedAt)
    assert.equal(state.addresses, 0)
  }).timeout(60_000)
})
