/*
| The idempotency service on its own, against the database: how a key is claimed, replayed, found
| busy or stale, taken over, and given back with its transaction. Each claim here commits on its
| own, so the next one meets it as a claim committed IN_PROGRESS (the placement's own claims are
| only ever seen COMPLETED). Races between its statements are injected through a subclass's
| insert or a model hook on IdempotencyKey, inside the claim's transaction, so both databases run
| them.
*/
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime, Settings } from 'luxon'
import { UserType } from '#enums/user_type'
import IdempotencyKey from '#models/idempotency_key'
import {
  IdempotencyService,
  STALE_CLAIM_SECONDS,
  fingerprintOf,
  type Claim,
} from '#services/checkout/idempotency_service'
import { IdempotencyInProgress, IdempotencyKeyReused } from '#exceptions/checkout_errors'
import { makeUser } from '#tests/helpers/actors'
import { sqlTime } from '#support/sql_time'
import { eachInTransaction } from '#tests/helpers/transactions'

const FINGERPRINT = fingerprintOf({ paymentMethod: 'PAYPAL' })

/** The stored row of a key. */
const rowOf = (userId: string, key: string) =>
  db.from('idempotency_keys').where('user_id', userId).where('key', key).first()

/** The claim token the key's row holds now. */
async function tokenOf(userId: string, key: string): Promise<string> {
  const row = await rowOf(userId, key)
  return row.claim_token
}

/** Claims the key in a transaction of its own, committed when the claim returns. */
const claimIn = (service: IdempotencyService, userId: string, key: string, fingerprint: string) =>
  db.transaction((trx) => service.claim(trx, userId, key, fingerprint))

/** Asserts the claim gave the right to place the orders, and returns it. */
function claimed(claim: Claim) {
  if (claim.kind !== 'claimed') throw new Error(`expected a claim, got ${JSON.stringify(claim)}`)
  return claim
}

/** Runs `handler` on every IdempotencyKey row read by `first()` during one test. */
function afterFind(
  cleanup: (handler: () => void) => void,
  handler: (key: IdempotencyKey, call: number) => Promise<unknown> | undefined
) {
  let calls = 0
  const wrapped = async (key: IdempotencyKey) => {
    calls++
    await handler(key, calls)
  }
  IdempotencyKey.after('find', wrapped)
  cleanup(() => IdempotencyKey.$hooks.remove('after:find', wrapped))
}

/** The service with its claim insert scripted: each call answers `script(call)`, or inserts. */
function scriptedInserts(script: (call: number) => 'held' | Error | undefined) {
  const calls = { count: 0 }
  class Scripted extends IdempotencyService {
    protected async insertClaim(...args: Parameters<IdempotencyService['insertClaim']>) {
      const scripted = script(++calls.count)
      if (scripted instanceof Error) throw scripted
      // Held by a request that has given it back by the time the row is read.
      if (scripted === 'held') return null
      return super.insertClaim(...args)
    }
  }
  return { service: new Scripted(), calls }
}

test.group('fingerprintOf', () => {
  test('the same request gives the same fingerprint, whatever the order of its fields', ({
    assert,
  }) => {
    const one = fingerprintOf({ a: 1, b: 'x', c: null })
    assert.equal(fingerprintOf({ c: null, b: 'x', a: 1 }), one)
    assert.equal(fingerprintOf({ b: 'x', a: 1, c: undefined }), one)
    assert.match(one, /^[0-9a-f]{64}$/)
    assert.notEqual(fingerprintOf({ a: 1, b: 'y', c: null }), one)
    assert.notEqual(fingerprintOf({ a: 1, b: 'x' }), one)
    assert.notEqual(fingerprintOf({ a: 1, b: 'x', c: 0 }), one)
  })
})

/**
 * A customer's first claim of `key`, made with the clock frozen at a whole second (`start`);
 * the test moves Settings.now on from there.
 */
async function claimedAtFrozenClock(key: string) {
  const user = await makeUser(UserType.CUSTOMER)
  const service = new IdempotencyService()
  const start = DateTime.utc().startOf('second')
  Settings.now = () => start.toMillis()
  const first = claimed(await claimIn(service, user.id, key, FINGERPRINT))
  return { user, service, start, first }
}

test.group('IdempotencyService.claim', (group) => {
  eachInTransaction(group)
  group.each.teardown(() => {
    Settings.now = () => Date.now()
  })

  test('a new key is claimed: an IN_PROGRESS row with a token of its own', async ({ assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const service = new IdempotencyService()
    const claim = claimed(await claimIn(service, user.id, 'key-new-1', FINGERPRINT))
    const row = await rowOf(user.id, 'key-new-1')
    assert.deepEqual(
      [row.id, row.status, row.claim_token, row.fingerprint, row.checkout_id],
      [claim.id, 'IN_PROGRESS', claim.token, FINGERPRINT, null]
    )
    const other = claimed(await claimIn(service, user.id, 'key-new-2', FINGERPRINT))
    assert.notEqual(other.token, claim.token)
  })

  test('a key in progress is busy; with another body it is reused', async ({ assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const service = new IdempotencyService()
    await claimIn(service, user.id, 'key-busy', FINGERPRINT)
    await assert.rejects(
      () => claimIn(service, user.id, 'key-busy', FINGERPRINT),
      IdempotencyInProgress
    )
    await assert.rejects(
      () => claimIn(service, user.id, 'key-busy', fingerprintOf({ paymentMethod: 'CARD' })),
      IdempotencyKeyReused
    )
  })

  test('a claim is stale exactly STALE_CLAIM_SECONDS after it was made, not a moment sooner', async ({
    assert,
  }) => {
    const { user, service, start, first } = await claimedAtFrozenClock('key-stale')

    Settings.now = () => start.plus({ seconds: STALE_CLAIM_SECONDS }).toMillis() - 1
    await assert.rejects(
      () => claimIn(service, user.id, 'key-stale', FINGERPRINT),
      IdempotencyInProgress
    )

    Settings.now = () => start.plus({ seconds: STALE_CLAIM_SECONDS }).toMillis()
    const second = claimed(await claimIn(service, user.id, 'key-stale', FINGERPRINT))
    assert.equal(second.id, first.id)
    assert.notEqual(second.token, first.token)
    const row = await rowOf(user.id, 'key-stale')
    assert.equal(row.claim_token, second.token)
    assert.equal(row.status, 'IN_PROGRESS')

    // The old claim cannot complete the key any more.
    await assert.rejects(
      () => db.transaction((trx) => service.complete(first, randomUUID(), trx)),
      IdempotencyInProgress
    )
    assert.equal(await tokenOf(user.id, 'key-stale'), second.token)
  })

  test('a completed key replays its checkout, however old; a stale one is never taken over', async ({
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const service = new IdempotencyService()
    const claim = claimed(await claimIn(service, user.id, 'key-done', FINGERPRINT))
    const checkoutId = randomUUID()
    await db.table('checkouts').insert({
      id: checkoutId,
      user_id: user.id,
      order_count: 1,
      open_order_count: 1,
      sub_total_cents: 100,
      shipping_cost_cents: 0,
      tax_amount_cents: 0,
      discount_amount_cents: 0,
      total_cents: 100,
      currency: 'USD',
      created_at: sqlTime(),
      updated_at: sqlTime(),
    })
    await db.transaction((trx) => service.complete(claim, checkoutId, trx))

    const monthLater = DateTime.now().plus({ days: 30 }).toMillis()
    Settings.now = () => monthLater
    assert.deepEqual(await claimIn(service, user.id, 'key-done', FINGERPRINT), {
      kind: 'replay',
      checkoutId,
    })
    await assert.rejects(
      () => claimIn(service, user.id, 'key-done', fingerprintOf({ other: true })),
      IdempotencyKeyReused
    )
    const row = await rowOf(user.id, 'key-done')
    assert.deepEqual([row.status, row.checkout_id], ['COMPLETED', checkoutId])
  })

  test('a claim rolled back with its placement frees the key for a fresh claim', async ({
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const service = new IdempotencyService()
    let first!: Claim
    await assert.rejects(
      () =>
        db.transaction(async (trx) => {
          first = await service.claim(trx, user.id, 'key-freed', FINGERPRINT)
          throw new Error('the placement was refused')
        }),
      'the placement was refused'
    )
    assert.isNull(await rowOf(user.id, 'key-freed'))
    const second = claimed(await claimIn(service, user.id, 'key-freed', FINGERPRINT))
    assert.isTrue(second.fresh)
    assert.notEqual(second.id, claimed(first).id)
  })

  test('a row that vanishes between the refused insert and the read is claimed afresh', async ({
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const { service, calls } = scriptedInserts((call) => (call === 1 ? 'held' : undefined))
    const claim = claimed(await claimIn(service, user.id, 'key-gone', FINGERPRINT))
    assert.equal(calls.count, 2)
    assert.equal(await tokenOf(user.id, 'key-gone'), claim.token)
  })

  test('a key that keeps colliding and vanishing gives up after five tries: busy', async ({
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const { service, calls } = scriptedInserts(() => 'held')
    await assert.rejects(
      () => claimIn(service, user.id, 'key-flaky', FINGERPRINT),
      IdempotencyInProgress
    )
    assert.equal(calls.count, 5)
    assert.isNull(await rowOf(user.id, 'key-flaky'))
  })

  test('a takeover that loses to another one reports the key busy', async ({ assert, cleanup }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const service = new IdempotencyService()
    const start = DateTime.utc().startOf('second')
    Settings.now = () => start.toMillis()
    await claimIn(service, user.id, 'key-contested', FINGERPRINT)
    Settings.now = () => start.plus({ seconds: STALE_CLAIM_SECONDS + 1 }).toMillis()

    // Right after we read the stale row, another instance takes it over first.
    const rival = randomUUID()
    afterFind(cleanup, (key, call) =>
      call === 1
        ? db
            .from('idempotency_keys')
            .where('id', key.id)
            .update({ claim_token: rival, claimed_at: sqlTime() })
        : undefined
    )
    // Looked at before the claim's transaction ends: the rival's takeover stands.
    await db.transaction(async (trx) => {
      await assert.rejects(
        () => service.claim(trx, user.id, 'key-contested', FINGERPRINT),
        IdempotencyInProgress
      )
      const row = await trx
        .from('idempotency_keys')
        .where('user_id', user.id)
        .where('key', 'key-contested')
        .first()
      assert.equal(row.claim_token, rival)
    })
  })

  test('any other failure of the insert is not retried but thrown', async ({ assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const { service, calls } = scriptedInserts(() => new Error('disk full'))
    await assert.rejects(() => claimIn(service, user.id, 'key-outage', FINGERPRINT), 'disk full')
    assert.equal(calls.count, 1)
    assert.isNull(await rowOf(user.id, 'key-outage'))
  })
})

test.group('IdempotencyService.claim: fresh', (group) => {
  eachInTransaction(group)
  group.each.teardown(() => {
    Settings.now = () => Date.now()
  })

  test('only the first claim of a key is fresh; a takeover of a stale one is not', async ({
    assert,
  }) => {
    const { user, service, start, first } = await claimedAtFrozenClock('key-fresh')
    assert.isTrue(first.fresh)

    Settings.now = () => start.plus({ seconds: STALE_CLAIM_SECONDS }).toMillis()
    const takenOver = claimed(await claimIn(service, user.id, 'key-fresh', FINGERPRINT))
    assert.isFalse(takenOver.fresh)

    // Once the row is gone (pruned), the key is claimed afresh.
    await db.from('idempotency_keys').where('id', takenOver.id).delete()
    const again = claimed(await claimIn(service, user.id, 'key-fresh', FINGERPRINT))
    assert.isTrue(again.fresh)
  })
})
