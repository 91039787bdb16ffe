import app from '@adonisjs/core/services/app'
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { UserType } from '#enums/user_type'
import { PruneService } from '#services/system/prune_service'
import { sqlTime } from '#support/sql_time'
import { storedEndpoint } from '#tests/functional/integrations/support'
import { makeUser } from '#tests/helpers/actors'
import { eachInTransaction } from '#tests/helpers/transactions'

const now = DateTime.now()
const at = (instant: DateTime) => sqlTime(instant)

/** Rows of every kind prune looks at, some past their time and some not, all of one user. */
async function rowsOfEveryKind() {
  const user = await makeUser(UserType.CUSTOMER)
  const id = () => randomUUID()
  const code = (expiresAt: DateTime) => ({
    id: id(),
    user_id: user.id,
    purpose: 'EMAIL_VERIFICATION',
    code_hash: 'x'.repeat(64),
    attempts: 0,
    expires_at: at(expiresAt),
    created_at: at(expiresAt.minus({ minutes: 10 })),
  })
  const token = (expiresAt: DateTime) => ({
    id: id(),
    user_id: user.id,
    family_id: id(),
    token_hash: randomUUID().replaceAll('-', '').padEnd(64, '0'),
    expires_at: at(expiresAt),
    created_at: at(expiresAt.minus({ days: 30 })),
  })
  const key = (createdAt: DateTime) => ({
    id: id(),
    user_id: user.id,
    key: `prune-${randomUUID()}`,
    fingerprint: 'f'.repeat(64),
    status: 'IN_PROGRESS',
    claim_token: id(),
    claimed_at: at(createdAt),
    created_at: at(createdAt),
    updated_at: at(createdAt),
  })
  /** A mail that reached `status` at `since` (sent then, when SENT). */
  const mail = (status: string, since: DateTime, kind = 'order_confirmation', extra = {}) => ({
    id: id(),
    kind,
    payload: JSON.stringify({ email: `prune-${randomUUID()}@example.com`, ...extra }),
    status,
    attempts: 1,
    next_attempt_at: at(since),
    sent_at: status === 'SENT' ? at(since) : null,
    created_at: at(since),
    updated_at: at(since),
  })
  const rows = {
    expiredCode: code(now.minus({ minutes: 1 })),
    liveCode: code(now.plus({ minutes: 5 })),
    expiredToken: token(now.minus({ hours: 1 })),
    liveToken: token(now.plus({ days: 29 })),
    oldKey: key(now.minus({ hours: 73 })),
    recentKey: key(now.minus({ hours: 71 })),
    oldSent: mail('SENT', now.minus({ days: 8 })),
    recentSent: mail('SENT', now.minus({ days: 6 })),
    oldExpired: mail('EXPIRED', now.minus({ days: 8 }), 'verification_code'),
    oldFailed: mail('FAILED', now.minus({ days: 31 })),
    recentFailed: mail('FAILED', now.minus({ days: 29 })),
    oldPending: mail('PENDING', now.minus({ days: 60 })),
    // Written by the version that kept codes in the payload; failed for good 20 minutes ago.
    staleCodeMail: mail('FAILED', now.minus({ minutes: 20 }), 'verification_code', {
      code: '482913',
      ttlMinutes: 10,
    }),
  }
  await db.table('one_time_codes').multiInsert([rows.expiredCode, rows.liveCode])
  await db.table('refresh_tokens').multiInsert([rows.expiredToken, rows.liveToken])
  await db.table('idempotency_keys').multiInsert([rows.oldKey, rows.recentKey])
  await db
    .table('outbox_messages')
    .multiInsert([
      rows.oldSent,
      rows.recentSent,
      rows.oldExpired,
      rows.oldFailed,
      rows.recentFailed,
      rows.oldPending,
      rows.staleCodeMail,
    ])
  const oldDelivery = await storedEndpoint().then(({ delivery }) => delivery)
  const recentDelivery = await storedEndpoint().then(({ delivery }) => delivery)
  await db
    .from('webhook_deliveries')
    .where('id', oldDelivery.id)
    .update({ updated_at: at(now.minus({ days: 31 })) })
  const paymentEvent = (createdAt: DateTime) => ({
    provider: 'stripe',
    event_id: `evt_${randomUUID()}`,
    type: 'payment_intent.succeeded',
    created_at: at(createdAt),
  })
  const oldPaymentEvent = paymentEvent(now.minus({ days: 31 }))
  const recentPaymentEvent = paymentEvent(now.minus({ days: 29 }))
  await db.table('payment_events').multiInsert([oldPaymentEvent, recentPaymentEvent])
  return { ...rows, oldDelivery, recentDelivery, oldPaymentEvent, recentPaymentEvent }
}

async function paymentEventExists(eventId: string) {
  return (await db.from('payment_events').where('event_id', eventId).first()) !== null
}

async function exists(table: string, id: string) {
  return (await db.from(table).where('id', id).first()) !== null
}

test.group('Pruning expired rows', (group) => {
  eachInTransaction(group)

  test('removes what is past its time and keeps the rest', async ({ assert }) => {
    const rows = await rowsOfEveryKind()
    const prune = await app.container.make(PruneService)
    const report = await prune.prune()

    assert.isFalse(await exists('one_time_codes', rows.expiredCode.id))
    assert.isTrue(await exists('one_time_codes', rows.liveCode.id))
    assert.isFalse(await exists('refresh_tokens', rows.expiredToken.id))
    assert.isTrue(await exists('refresh_tokens', rows.liveToken.id))
    // Keys are kept 72 hours by default (IDEMPOTENCY_RETENTION_HOURS).
    assert.isFalse(await exists('idempotency_keys', rows.oldKey.id))
    assert.isTrue(await exists('idempotency_keys', rows.recentKey.id))
    // Sent and expired mail is kept 7 days (OUTBOX_RETENTION_DAYS), failed mail 30 days
    // (OUTBOX_FAILED_RETENTION_DAYS); pending mail stays until it is sent.
    assert.isFalse(await exists('outbox_messages', rows.oldSent.id))
    assert.isTrue(await exists('outbox_messages', rows.recentSent.id))
    assert.isFalse(await exists('outbox_messages', rows.oldExpired.id))
    assert.isFalse(await exists('outbox_messages', rows.oldFailed.id))
    assert.isTrue(await exists('outbox_messages', rows.recentFailed.id))
    assert.isTrue(await exists('outbox_messages', rows.oldPending.id))
    // A failed code mail whose code has expired stays a while, without its code.
    const stale = await db.from('outbox_messages').where('id', rows.staleCodeMail.id).first()
    assert.equal(stale.status, 'EXPIRED')
    assert.notInclude(stale.payload, '482913')
    // The webhook delivery log keeps a finished delivery 30 days.
    assert.isFalse(await exists('webhook_deliveries', rows.oldDelivery.id))
    assert.isTrue(await exists('webhook_deliveries', rows.recentDelivery.id))
    // Applied payment event ids are kept 30 days, ten times Stripe's redelivery window.
    assert.isFalse(await paymentEventExists(rows.oldPaymentEvent.event_id))
    assert.isTrue(await paymentEventExists(rows.recentPaymentEvent.event_id))

    for (const count of Object.values(report)) assert.isAtLeast(count, 1)
  })

  test('deletes in batches until nothing is left', async ({ assert }) => {
    const user = await makeUser(UserType.CUSTOMER)
    const expired = at(now.minus({ hours: 1 }))
    const ids = Array.from({ length: 2_345 }, () => randomUUID())
    for (let start = 0; start < ids.length; start += 500) {
      await db.table('one_time_codes').multiInsert(
        ids.slice(start, start + 500).map((id) => ({
          id,
          user_id: user.id,
          purpose: 'PASSWORD_RESET',
          code_hash: 'y'.repeat(64),
          attempts: 0,
          expires_at: expired,
          created_at: expired,
        }))
      )
    }
    const prune = await app.container.make(PruneService)
    const report = await prune.prune()
    assert.isAtLeast(report.oneTimeCodes, ids.length)
    const left = await db.from('one_time_codes').where('user_id', user.id).count('* as total')
    assert.equal(Number(left[0].total), 0)
  })

  test('node ace prune reports what it removed', async ({ assert, cleanup }) => {
    ace.ui.switchMode('raw')
    cleanup(() => ace.ui.switchMode('normal'))
    const rows = await rowsOfEveryKind()
    const command = await ace.exec('prune', [])
    assert.equal(command.exitCode, 0)
    const printed = command.logger
      .getLogs()
      .map((log) => log.message)
      .join('\n')
    assert.isFalse(await exists('outbox_messages', rows.oldSent.id))
    assert.isFalse(await exists('outbox_messages', rows.oldFailed.id))
    assert.match(printed, /pruned \d+ one-time code\(s\), \d+ refresh token\(s\)/)
    assert.match(printed, /\d+ failed message\(s\); \d+ unsent code mail\(s\) expired/)
    assert.match(printed, /1 applied payment event id\(s\)/)
  })
})
