/*
| Payouts (docs/api/payouts.md): who may call; a run pays each shop its whole available balance
| (at least PAYOUT_MINIMUM), carries a negative balance over and names the shops it could not
| pay; manual payouts marked paid or failed once (a failure gives the amount back); the sellers'
| view; Stripe payouts transferred through the outbox; and on PostgreSQL two runs at once pay a
| shop once and twenty marks of one payout at once settle it once.
*/
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { sqlTime } from '#support/sql_time'
import env from '#start/env'
import { UserType } from '#enums/user_type'
import marketplaceConfig from '#config/marketplace'
import { LedgerService } from '#services/ledger/ledger_service'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'
import { cleanUp, sellerShop } from '#tests/functional/checkout/support'
import { placedCheckout } from '#tests/functional/orders/support'
import { drainOutbox, withStripe } from '#tests/functional/payments/support'
import { deleteCommitted } from '#tests/helpers/committed'
import { eraseLedgerOf } from '#tests/helpers/ledger'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const ADMINS = [UserType.ADMIN, UserType.SUPER_ADMIN]
const RUN = '/api/v1/admin/payouts/run'
const paidUrl = (id: string) => `/api/v1/admin/payouts/${id}/paid`
const failedUrl = (id: string) => `/api/v1/admin/payouts/${id}/failed`
const ledger = new LedgerService()

/** Adds `cents` to a shop's available balance, as an admin's adjustment does. */
async function credit(
  client: ApiClient,
  shopId: string,
  cents: number,
  admin?: { authorization: string }
) {
  admin ??= await actor(UserType.ADMIN)
  const response = await client
    .post(`/api/v1/admin/shops/${shopId}/ledger/adjustments`)
    .header('Authorization', admin.authorization)
    .json({ amount: cents / 100, reason: 'Opening balance in a test' })
  response.assertStatus(201)
}

/** A payout run by an admin. */
async function run(client: ApiClient, admin?: { authorization: string }) {
  admin ??= await actor(UserType.ADMIN)
  const response = await client.post(RUN).header('Authorization', admin.authorization)
  response.assertStatus(200)
  return response.body() as {
    payouts: Array<{ id: string; shopId: string; amount: number; status: string }>
    skipped: Array<{ shopId: string; available: number; reason: string }>
  }
}

/** The entries of a shop as [type, cents, payoutId]. */
async function entries(shopId: string) {
  const rows = await db.from('ledger_entries').where('shop_id', shopId).orderBy('created_at')
  return rows.map((row) => [row.type, Number(row.amount_cents), row.payout_id])
}

/** The entries after a shop's first (its opening credit). */
async function entriesAfterCredit(shopId: string) {
  const all = await entries(shopId)
  return all.slice(1)
}

/** How many PAYOUT_REVERSAL entries a shop has. */
async function reversalCount(shopId: string) {
  const all = await entries(shopId)
  return all.filter(([type]) => type === 'PAYOUT_REVERSAL').length
}

/** The payout mails queued for `payoutId`, as [email, status], sorted by status. */
async function payoutMails(payoutId: string) {
  const rows = await db
    .from('outbox_messages')
    .where('kind', 'payout_update')
    .whereLike('payload', `%${payoutId}%`)
  return rows
    .map((row) => {
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
      return [payload.email, payload.status]
    })
    .sort((one, other) => one[1].localeCompare(other[1]))
}

test.group('Payouts: who may call, and refused input', (group) => {
  eachInTransaction(group)

  test('no token is 401; admin routes refuse non-admins, the seller route non-sellers', async ({
    client,
    assert,
  }) => {
    const { shop } = await sellerShop()
    await credit(client, shop.id, 5_000)
    await expectRoleMatrix(assert, [() => client.get('/api/v1/seller/payouts')], {
      refused: allBut(UserType.SELLER),
    })
    await expectRoleMatrix(
      assert,
      [
        () => client.post(RUN),
        () => client.get('/api/v1/admin/payouts'),
        () => client.post(paidUrl(UNKNOWN_ID)).json({ reference: 'X' }),
        () => client.post(failedUrl(UNKNOWN_ID)).json({ reason: 'X' }),
        () =>
          client
            .put(`/api/v1/admin/shops/${shop.id}/stripe-account`)
            .json({ stripeAccountId: 'acct_1' }),
      ],
      { refused: allBut(...ADMINS) }
    )
    assert.lengthOf(await db.from('payouts').where('shop_id', shop.id), 0)
  })

  test('unknown payouts are 404; blank references and reasons, bad filters and accounts are 400', async ({
    client,
    assert,
  }) => {
    const admin = await actor(UserType.ADMIN)
    const { shop } = await sellerShop()
    const as = (request: ReturnType<ApiClient['post']>) =>
      request.header('Authorization', admin.authorization)
    expectProblem(
      assert,
      await as(client.post(paidUrl(UNKNOWN_ID))).json({ reference: 'BANK-1' }),
      404,
      'PAYOUT_NOT_FOUND'
    )
    expectProblem(
      assert,
      await as(client.post(failedUrl(UNKNOWN_ID))).json({ reason: 'Closed account' }),
      404,
      'PAYOUT_NOT_FOUND'
    )
    for (const body of [
      {},
      { reference: '   ' },
      { reference: 'x'.repeat(256) },
      { reference: 7 },
    ]) {
      const response = await as(client.post(paidUrl(UNKNOWN_ID))).json(body)
      assert.equal(response.status(), 400, JSON.stringify(body))
    }
    for (const query of ['status=LOST', 'shopId=1', 'limit=0']) {
      const response = await client
        .get(`/api/v1/admin/payouts?${query}`)
        .header('Authorization', admin.authorization)
      assert.equal(response.status(), 400, query)
    }
    for (const stripeAccountId of ['acct_', 'cus_123', 'acct_12 3', 42]) {
      const response = await client
        .put(`/api/v1/admin/shops/${shop.id}/stripe-account`)
        .header('Authorization', admin.authorization)
        .json({ stripeAccountId })
      assert.equal(response.status(), 400, String(stripeAccountId))
    }
    const unknownShop = await client
      .put(`/api/v1/admin/shops/${UNKNOWN_ID}/stripe-account`)
      .header('Authorization', admin.authorization)
      .json({ stripeAccountId: 'acct_1AbC' })
    assert.equal(unknownShop.status(), 404)
    const row = await db.from('shops').where('id', shop.id).firstOrFail()
    assert.isNull(row.stripe_account_id)
  })
})

test.group('Payouts: runs and their settlement', (group) => {
  eachInTransaction(group)

  test('a run pays each shop its whole available balance once; a small or negative one waits', async ({
    client,
    assert,
  }) => {
    const rich = await sellerShop('Rich Shop')
    const small = await sellerShop('Small Shop')
    const owing = await sellerShop('Owing Shop')
    await credit(client, rich.shop.id, 5_012)
    await credit(client, small.shop.id, 99)
    await credit(client, owing.shop.id, -1_000)

    const first = await run(client)
    const mine = first.payouts.filter((payout) =>
      [rich.shop.id, small.shop.id, owing.shop.id].includes(payout.shopId)
    )
    assert.deepEqual(
      mine.map((payout) => [payout.shopId, payout.amount, payout.status]),
      [[rich.shop.id, 50.12, 'PENDING']]
    )
    assert.deepEqual(
      first.skipped.filter((skip) => skip.shopId === small.shop.id),
      [{ shopId: small.shop.id, shopName: 'Small Shop', available: 0.99, reason: 'BELOW_MINIMUM' }]
    )
    assert.notInclude(
      first.skipped.map((skip) => skip.shopId),
      owing.shop.id
    )
    const payoutId = mine[0].id
    assert.deepEqual(await entriesAfterCredit(rich.shop.id), [['PAYOUT', -5_012, payoutId]])
    assert.deepEqual(await ledger.balance(rich.shop.id), { available: 0, pending: 0 })
    assert.deepEqual(await payoutMails(payoutId), [[rich.user.email, 'PENDING']])
    const events = await db
      .from('outbox_messages')
      .where('kind', 'webhook_event')
      .whereLike('payload', '%payout.created%')
      .whereLike('payload', `%${payoutId}%`)
    assert.lengthOf(events, 1)

    // A second run finds nothing more to pay the rich shop; the owing shop's debt is netted
    // against its next earnings and only the rest is paid.
    const second = await run(client)
    assert.notInclude(
      second.payouts.map((payout) => payout.shopId),
      rich.shop.id
    )
    await credit(client, owing.shop.id, 1_500)
    const third = await run(client)
    assert.deepEqual(
      third.payouts
        .filter((payout) => payout.shopId === owing.shop.id)
        .map((payout) => payout.amount),
      [5]
    )
  })

  test('a payout is marked paid once with its reference, or failed once with its amount back', async ({
    client,
    assert,
  }) => {
    const admin = await actor(UserType.ADMIN)
    const paidShop = await sellerShop()
    const failedShop = await sellerShop()
    await credit(client, paidShop.shop.id, 2_000)
    await credit(client, failedShop.shop.id, 3_000)
    const made = await run(client)
    const payoutOf = (shopId: string) => made.payouts.find((payout) => payout.shopId === shopId)!
    const toPay = payoutOf(paidShop.shop.id)
    const toFail = payoutOf(failedShop.shop.id)

    const paid = await client
      .post(paidUrl(toPay.id))
      .header('Authorization', admin.authorization)
      .json({ reference: '  BANK-2026-11-28-001 ' })
    paid.assertStatus(200)
    assert.containsSubset(paid.body(), { status: 'PAID', reference: 'BANK-2026-11-28-001' })
    assert.isString(paid.body().paidAt)
    assert.deepEqual(await payoutMails(toPay.id), [
      [paidShop.user.email, 'PAID'],
      [paidShop.user.email, 'PENDING'],
    ])
    const paidEvents = await db
      .from('outbox_messages')
      .where('kind', 'webhook_event')
      .whereLike('payload', '%payout.paid%')
      .whereLike('payload', `%${toPay.id}%`)
    assert.lengthOf(paidEvents, 1)
    const audited = await db
      .from('admin_actions')
      .where('target_id', toPay.id)
      .where('action', 'payout.paid')
    assert.lengthOf(audited, 1)

    const failed = await client
      .post(failedUrl(toFail.id))
      .header('Authorization', admin.authorization)
      .json({ reason: 'The account is closed' })
    failed.assertStatus(200)
    assert.containsSubset(failed.body(), {
      status: 'FAILED',
      failureReason: 'The account is closed',
      paidAt: null,
    })
    assert.deepEqual(await entriesAfterCredit(failedShop.shop.id), [
      ['PAYOUT', -3_000, toFail.id],
      ['PAYOUT_REVERSAL', 3_000, toFail.id],
    ])
    assert.deepEqual(await ledger.balance(failedShop.shop.id), { available: 3_000, pending: 0 })

    // Settled is settled: neither may be marked again, either way.
    for (const id of [toPay.id, toFail.id]) {
      for (const [url, body] of [
        [paidUrl(id), { reference: 'AGAIN' }],
        [failedUrl(id), { reason: 'Again' }],
      ] as const) {
        const again = await client.post(url).header('Authorization', admin.authorization).json(body)
        expectProblem(assert, again, 409, 'PAYOUT_NOT_PENDING')
      }
    }
    assert.equal(await reversalCount(failedShop.shop.id), 1)
  })

  test('sellers see their own shops’ payouts; admins filter by status and shop', async ({
    client,
    assert,
  }) => {
    const admin = await actor(UserType.ADMIN)
    const mine = await sellerShop()
    const theirs = await sellerShop()
    await credit(client, mine.shop.id, 1_000)
    await credit(client, theirs.shop.id, 2_000)
    const made = await run(client)
    const own = made.payouts.find((payout) => payout.shopId === mine.shop.id)!

    const seller = await client
      .get('/api/v1/seller/payouts')
      .header('Authorization', mine.authorization)
    seller.assertStatus(200)
    assert.deepEqual(
      seller.body().items.map((payout: { id: string }) => payout.id),
      [own.id]
    )
    assert.equal(seller.body().total, 1)

    const byShop = await client
      .get(`/api/v1/admin/payouts?shopId=${theirs.shop.id}&status=PENDING`)
      .header('Authorization', admin.authorization)
    byShop.assertStatus(200)
    assert.deepEqual(
      byShop.body().items.map((payout: { shopId: string }) => payout.shopId),
      [theirs.shop.id]
    )
    const none = await client
      .get(`/api/v1/admin/payouts?shopId=${theirs.shop.id}&status=PAID`)
      .header('Authorization', admin.authorization)
    assert.equal(none.body().total, 0)
  })

  test('node ace payouts:run makes the same payouts and prints them', async ({
    client,
    assert,
    cleanup,
  }) => {
    const ace = await app.container.make('ace')
    ace.ui.switchMode('raw')
    cleanup(() => ace.ui.switchMode('normal'))
    const { shop } = await sellerShop()
    await credit(client, shop.id, 4_200)
    const command = await ace.exec('payouts:run', [])
    assert.equal(command.exitCode, 0)
    const printed = command.logger
      .getLogs()
      .map((log) => log.message)
      .join('\n')
    const [payout] = await db.from('payouts').where('shop_id', shop.id)
    assert.equal(Number(payout.amount_cents), 4_200)
    assert.isNull(payout.created_by)
    assert.include(printed, `payout ${payout.id}: 42 USD to shop ${shop.id} (manual)`)
  })
})

test.group('Payouts: Stripe Connect transfers', (group) => {
  eachInTransaction(group)
  const stripe = withStripe(group)
  group.each.setup(() => {
    const before = marketplaceConfig.payoutProvider
    marketplaceConfig.payoutProvider = 'stripe'
    return () => {
      marketplaceConfig.payoutProvider = before
    }
  })

  test('a shop with an account is transferred through the outbox and paid; one without is named', async ({
    client,
    assert,
  }) => {
    const admin = await actor(UserType.ADMIN)
    const connected = await sellerShop('Connected')
    const unconnected = await sellerShop('Unconnected')
    const account = await client
      .put(`/api/v1/admin/shops/${connected.shop.id}/stripe-account`)
      .header('Authorization', admin.authorization)
      .json({ stripeAccountId: 'acct_1TestShop' })
    account.assertStatus(200)
    assert.deepEqual(account.body(), {
      shopId: connected.shop.id,
      stripeAccountId: 'acct_1TestShop',
    })
    await credit(client, connected.shop.id, 7_777)
    await credit(client, unconnected.shop.id, 1_000)

    const made = await run(client)
    const payout = made.payouts.find((entry) => entry.shopId === connected.shop.id)!
    assert.equal(payout.amount, 77.77)
    assert.deepEqual(
      made.skipped.filter((skip) => skip.shopId === unconnected.shop.id).map((skip) => skip.reason),
      ['NO_STRIPE_ACCOUNT']
    )
    // Nothing is sent while the run's transaction holds the shop: the outbox sends it after.
    assert.lengthOf(stripe.callsTo('POST', '/v1/transfers'), 0)
    const byHand = await client
      .post(paidUrl(payout.id))
      .header('Authorization', admin.authorization)
      .json({ reference: 'BANK' })
    expectProblem(assert, byHand, 409, 'PAYOUT_SETTLED_BY_PROVIDER')

    await drainOutbox()
    const [transfer] = stripe.callsTo('POST', '/v1/transfers')
    assert.deepEqual(
      [
        transfer.body.amount,
        transfer.body.currency,
        transfer.body.destination,
        transfer.idempotencyKey,
      ],
      ['7777', 'usd', 'acct_1TestShop', `payout-${payout.id}`]
    )
    const row = await db.from('payouts').where('id', payout.id).firstOrFail()
    assert.equal(row.status, 'PAID')
    assert.match(row.reference, /^tr_test_/)
    assert.deepEqual(await payoutMails(payout.id), [
      [connected.user.email, 'PAID'],
      [connected.user.email, 'PENDING'],
    ])
  })

  test('a transfer the outbox gives up on fails the payout and gives its amount back', async ({
    client,
    assert,
  }) => {
    const admin = await actor(UserType.ADMIN)
    const { shop } = await sellerShop()
    await client
      .put(`/api/v1/admin/shops/${shop.id}/stripe-account`)
      .header('Authorization', admin.authorization)
      .json({ stripeAccountId: 'acct_1Failing' })
    await credit(client, shop.id, 2_500)
    const made = await run(client)
    const payout = made.payouts.find((entry) => entry.shopId === shop.id)!
    await db
      .from('outbox_messages')
      .where('kind', 'payout_transfer')
      .whereLike('payload', `%${payout.id}%`)
      .update({ attempts: env.get('OUTBOX_MAX_ATTEMPTS', 10) - 1 })
    stripe.failNext(1)
    await drainOutbox()
    const row = await db.from('payouts').where('id', payout.id).firstOrFail()
    assert.equal(row.status, 'FAILED')
    assert.deepEqual(await entriesAfterCredit(shop.id), [
      ['PAYOUT', -2_500, payout.id],
      ['PAYOUT_REVERSAL', 2_500, payout.id],
    ])
    assert.deepEqual(await ledger.balance(shop.id), { available: 2_500, pending: 0 })
  })
})

test.group('Payouts: concurrency (PostgreSQL)', (group) => {
  const made: { users: string[]; shops: string[] } = { users: [], shops: [] }
  let startedAt = DateTime.now()
  group.each.setup(() => {
    startedAt = DateTime.now().minus({ seconds: 1 })
  })
  group.each.teardown(async () => {
    // Everything these committed tests queued: payout, payment and refund mail, events.
    await db
      .from('outbox_messages')
      .where('created_at', '>=', sqlTime(startedAt, undefined, 'down'))
      .delete()
    await eraseLedgerOf(made.shops, [])
    await db
      .from('admin_actions')
      .whereIn('target_type', ['payout', 'shop'])
      .whereIn('actor_id', made.users)
      .delete()
    await db.from('payouts').whereIn('shop_id', made.shops).delete()
    await deleteCommitted(made)
    made.users = []
    made.shops = []
  })

  test('two runs at once pay each shop once', async ({ client, assert }) => {
    const admin = await actor(UserType.ADMIN)
    made.users.push(admin.user.id)
    const shops = await Promise.all([sellerShop(), sellerShop(), sellerShop()])
    made.users.push(...shops.map((entry) => entry.user.id))
    made.shops.push(...shops.map((entry) => entry.shop.id))
    for (const { shop } of shops) await credit(client, shop.id, 1_234, admin)
    const runs = await Promise.all(
      Array.from({ length: 2 }, () => client.post(RUN).header('Authorization', admin.authorization))
    )
    for (const response of runs) response.assertStatus(200)
    for (const { shop } of shops) {
      const payouts = await db.from('payouts').where('shop_id', shop.id)
      assert.lengthOf(payouts, 1)
      assert.equal(Number(payouts[0].amount_cents), 1_234)
      assert.deepEqual(await ledger.balance(shop.id), { available: 0, pending: 0 })
    }
  }).skip(db.connection().dialect.name !== 'postgres', 'PostgreSQL only')

  test('a refund racing a payout: the payout is what was available when it was made', async ({
    client,
    assert,
    cleanup,
  }) => {
    const admin = await actor(UserType.ADMIN)
    made.users.push(admin.user.id)
    const placed = await placedCheckout('BANK_TRANSFER')
    const order = placed.orders[0]
    cleanup(async () => {
      await eraseLedgerOf([order.shopId], [])
      await db.from('payouts').where('shop_id', order.shopId).delete()
      await cleanUp(
        [placed.customer.user.id, placed.first.user.id, placed.second.user.id],
        [placed.coupon.id]
      )
    })
    await client
      .put(`/api/v1/admin/orders/${order.id}/payment-status`)
      .header('Authorization', admin.authorization)
      .json({ paymentStatus: 'PAID' })
      .then((response) => response.assertStatus(200))
    await credit(client, order.shopId, 10_000, admin)
    const [refunded, ran] = await Promise.all([
      client
        .post(`/api/v1/admin/orders/${order.id}/refunds`)
        .header('Authorization', admin.authorization)
        .json({ amount: 5, reason: 'Race' }),
      client.post(RUN).header('Authorization', admin.authorization),
    ])
    refunded.assertStatus(201)
    ran.assertStatus(200)
    const [refundEntry] = await db
      .from('ledger_entries')
      .where('shop_id', order.shopId)
      .where('type', 'REFUND')
    const sellerShare = -Number(refundEntry.amount_cents)
    const [payout] = await db.from('payouts').where('shop_id', order.shopId)
    const amount = Number(payout.amount_cents)
    // Before the refund, or after it: never more than what was available at that moment.
    assert.include([10_000, 10_000 - sellerShare], amount)
    const balance = await ledger.balance(order.shopId)
    assert.equal(balance.available, 10_000 - sellerShare - amount)
    const [sum] = await db
      .from('ledger_entries')
      .where('shop_id', order.shopId)
      .sum('amount_cents as total')
    assert.equal(Number(sum.total), balance.available + balance.pending)
  }).skip(db.connection().dialect.name !== 'postgres', 'PostgreSQL only')

  test('twenty marks of one payout at once settle it once', async ({ client, assert }) => {
    const seller = await sellerShop()
    made.users.push(seller.user.id)
    made.shops.push(seller.shop.id)
    const admin = await actor(UserType.ADMIN)
    made.users.push(admin.user.id)
    await credit(client, seller.shop.id, 3_000, admin)
    const { payouts } = await run(client, admin)
    const payout = payouts.find((entry) => entry.shopId === seller.shop.id)!
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? client
              .post(paidUrl(payout.id))
              .header('Authorization', admin.authorization)
              .json({ reference: `R${index}` })
          : client
              .post(failedUrl(payout.id))
              .header('Authorization', admin.authorization)
              .json({ reason: `F${index}` })
      )
    )
    const statuses = answers.map((response) => response.status()).sort()
    assert.deepEqual(statuses, [200, ...Array(19).fill(409)])
    const row = await db.from('payouts').where('id', payout.id).firstOrFail()
    assert.equal(await reversalCount(seller.shop.id), row.status === 'FAILED' ? 1 : 0)
  }).skip(db.connection().dialect.name !== 'postgres', 'PostgreSQL only')
})
