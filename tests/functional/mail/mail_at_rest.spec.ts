/*
| One-time codes at rest in the outbox: a code mail keeps its code only while the code can be
| used, never in clear, and is never sent once the code has expired, neither by the worker nor by
| `node ace outbox:retry`; mail without codes (order mail) is retried however old. Codes are read
| from what the SMTP test server received, so these tests hold whatever the outbox stores.
*/
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { type DateTime } from 'luxon'
import ace from '@adonisjs/core/services/ace'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import tokensConfig from '#config/tokens'
import env from '#start/env'
import OutboxMessage from '#models/outbox_message'
import { OutboxService } from '#services/mail/outbox_service'
import { sqlTime } from '#support/sql_time'
import { clockAt, stoppedClock } from '#tests/helpers/clock'
import { SmtpSink } from '#tests/helpers/smtp_sink'
import { register, registerVerified, uniqueEmail } from '#tests/functional/accounts/support'
import { requestPlacement, twoShopCart } from '#tests/functional/checkout/support'
import { eachInTransaction } from '#tests/helpers/transactions'

/** The rows of the outbox addressed to `email`, every column as stored. */
function storedRowsTo(email: string) {
  return db.from('outbox_messages').whereLike('payload', `%${JSON.stringify(email)}%`)
}

/** The one row of the outbox addressed to `email`, every column as stored. */
async function storedRowTo(email: string) {
  const rows = await storedRowsTo(email)
  if (rows.length !== 1) throw new Error(`expected one outbox row to ${email}, got ${rows.length}`)
  return rows[0]
}

/** The state of the one row of the outbox addressed to `email`. */
async function statusTo(email: string): Promise<string> {
  const row = await storedRowTo(email)
  return row.status
}

/** The mails the SMTP test server received for `email`. */
const receivedBy = (smtp: SmtpSink, email: string) =>
  smtp.messages.filter((message) => message.to.includes(email))

/** A mail server that is down: no server listens on SMTP_PORT until the test starts one. */
const smtpOutbox = () => new OutboxService({ mailer: 'smtp' })

/** Tries every unsent mail to `emails` for the last allowed time, the mail server down: FAILED. */
async function failForGood(...emails: string[]) {
  for (const email of emails) {
    await storedRowsTo(email).update({
      attempts: env.get('OUTBOX_MAX_ATTEMPTS', 10) - 1,
      next_attempt_at: sqlTime(),
    })
  }
  await smtpOutbox().deliverDue(500)
}

/** Runs `node ace outbox:retry` with `args` and returns its exit code and what it printed. */
async function outboxRetry(args: string[]) {
  ace.ui.switchMode('raw')
  try {
    const command = await ace.exec('outbox:retry', args)
    const printed = command.logger
      .getLogs()
      .map((log) => log.message)
      .join('\n')
    return { exitCode: command.exitCode, printed }
  } finally {
    ace.ui.switchMode('normal')
  }
}

/**
 * The two mails that carry codes, each asked for through HTTP by a fresh address: the code mail is
 * the only pending mail to that address afterwards. `code` finds the code in the mail received,
 * `payload` is all the outbox may keep in clear.
 */
const CODE_MAILS = [
  {
    kind: 'verification_code',
    async ask(client: ApiClient, email: string) {
      const response = await register(client, email)
      if (response.status() !== 200) throw new Error(`register failed: ${response.text()}`)
    },
    code: /verification code for your customer account is (\d{6})/,
    payload: (email: string) => ({
      email,
      accountType: 'customer',
      ttlMinutes: tokensConfig.otpTtlMinutes,
    }),
  },
  {
    kind: 'password_reset',
    async ask(client: ApiClient, email: string) {
      await registerVerified(client, email)
      const response = await client.post('/auth/forget-password').json({ email })
      if (response.status() !== 200) throw new Error(`reset failed: ${response.text()}`)
    },
    code: /customer account: (\d{6})/,
    payload: (email: string) => ({ email, ttlMinutes: tokensConfig.otpTtlMinutes }),
  },
]

test.group('Mail at rest: one-time codes in the outbox', (group) => {
  let smtp: SmtpSink
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())
  group.each.setup(() => {
    smtp = new SmtpSink()
    return () => smtp.stop()
  })

  test('a {kind} mail never holds its code in clear: not while it fails, not once it is sent')
    .with(CODE_MAILS)
    .run(async ({ client, assert }, mail) => {
      const email = uniqueEmail('at-rest')
      await mail.ask(client, email)
      await failForGood(email)
      const failed = await storedRowTo(email)
      assert.equal(failed.status, 'FAILED')
      assert.equal(failed.kind, mail.kind)

      // The mail server is back and an operator retries: the code still works, so it goes out.
      await smtp.start()
      await smtpOutbox().retryFailed([failed.id])
      await smtpOutbox().deliverDue(500)
      const received = receivedBy(smtp, email)
      assert.lengthOf(received, 1)
      const code = received[0].raw.replace(/=\r?\n/g, '').match(mail.code)?.[1]
      assert.isString(code)

      // While it failed, the row held only what the mail shows besides the code, and the code
      // sealed: nothing a copy of the database would show.
      assert.deepEqual(JSON.parse(failed.payload), mail.payload(email))
      assert.notInclude(JSON.stringify(failed), code!)
      assert.isString(failed.secret)

      const sent = await storedRowTo(email)
      assert.equal(sent.status, 'SENT')
      assert.notInclude(JSON.stringify(sent), code!)
      assert.isNull(sent.secret)
    })

  test('the worker does not send a {kind} mail whose code expired while it waited')
    .with(CODE_MAILS)
    .run(async ({ client, assert, cleanup }, mail) => {
      const start = stoppedClock(cleanup)
      const email = uniqueEmail('late')
      await mail.ask(client, email)
      clockAt(start.plus({ minutes: 2 }).toMillis())
      const laterEmail = uniqueEmail('in-time')
      await mail.ask(client, laterEmail)
      await smtp.start()

      // The first code has just expired; the second has two minutes left.
      clockAt(start.plus({ minutes: tokensConfig.otpTtlMinutes, seconds: 1 }).toMillis())
      const report = await smtpOutbox().deliverDue(500)
      assert.lengthOf(receivedBy(smtp, email), 0)
      assert.lengthOf(receivedBy(smtp, laterEmail), 1)
      assert.equal(await statusTo(laterEmail), 'SENT')
      assert.isAtLeast(report.expired, 1)

      const row = await storedRowTo(email)
      assert.equal(row.status, 'EXPIRED')
      assert.isNull(row.secret)
      assert.isNull(row.sent_at)
      assert.include(row.last_error, 'expired')
      assert.deepEqual(JSON.parse(row.payload), mail.payload(email))
    })

  test('outbox:retry resends a failed order mail of days ago, but no code that has expired', async ({
    client,
    assert,
    cleanup,
  }) => {
    const start = stoppedClock(cleanup)
    const codeEmail = uniqueEmail('retry-late')
    await CODE_MAILS[0].ask(client, codeEmail)
    const { customer, first, second, standard } = await twoShopCart()
    const placed = await requestPlacement(client, customer, standard, {
      paymentMethod: 'BANK_TRANSFER',
    })
    placed.assertStatus(201)
    const orderEmails = [customer.user.email, first.user.email, second.user.email]
    await failForGood(codeEmail, ...orderEmails)
    for (const email of [codeEmail, ...orderEmails]) {
      assert.equal(await statusTo(email), 'FAILED', email)
    }

    // Two days later the mail server is back and an operator retries everything that failed.
    clockAt(start.plus({ days: 2 }).toMillis())
    await smtp.start()
    const retried = await outboxRetry(['--all'])
    assert.equal(retried.exitCode, 0)
    await smtpOutbox().deliverDue(500)

    for (const email of orderEmails) {
      assert.lengthOf(receivedBy(smtp, email), 1, email)
      assert.equal(await statusTo(email), 'SENT', email)
    }
    assert.lengthOf(receivedBy(smtp, codeEmail), 0)
    const expired = await storedRowTo(codeEmail)
    assert.equal(expired.status, 'EXPIRED')
    assert.isNull(expired.secret)
    assert.match(
      retried.printed,
      /not queued: \d+ code mail\(s\) whose one-time codes have expired/
    )
  })

  test('a sealed code opens only for its own row: a row whose address was changed is not sent', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('victim')
    const intruder = uniqueEmail('intruder')
    await CODE_MAILS[0].ask(client, email)
    const row = await storedRowTo(email)
    await db
      .from('outbox_messages')
      .where('id', row.id)
      .update({ payload: row.payload.replace(email, intruder) })

    await smtp.start()
    const report = await smtpOutbox().deliverDue(500)
    assert.lengthOf(receivedBy(smtp, intruder), 0)
    assert.isAtLeast(report.expired, 1)
    const refused = await storedRowTo(intruder)
    assert.equal(refused.status, 'EXPIRED')
    assert.isNull(refused.secret)
    assert.include(refused.last_error, 'could not be decrypted')
  })
})

test.group('Mail at rest: rows written before codes were sealed', (group) => {
  let smtp: SmtpSink
  eachInTransaction(group)
  group.each.setup(() => {
    smtp = new SmtpSink()
    return () => smtp.stop()
  })

  /** A verification mail as the earlier version queued it: the code in clear, no expiry. */
  const earlierVersionMail = (
    email: string,
    code: string,
    writtenAt: DateTime,
    status = 'PENDING'
  ) =>
    OutboxMessage.create({
      kind: 'verification_code',
      payload: { email, code, ttlMinutes: 10, accountType: 'customer' },
      status: status as OutboxMessage['status'],
      attempts: status === 'FAILED' ? 10 : 0,
      nextAttemptAt: writtenAt,
      createdAt: writtenAt,
    })

  test('its code goes out while it lives and is erased after; past its lifetime it is not sent', async ({
    assert,
    cleanup,
  }) => {
    const now = stoppedClock(cleanup)
    const live = await earlierVersionMail(
      uniqueEmail('old-live'),
      '271828',
      now.minus({ minutes: 2 })
    )
    const stale = await earlierVersionMail(
      uniqueEmail('old-stale'),
      '314159',
      now.minus({ minutes: tokensConfig.otpTtlMinutes, seconds: 1 })
    )

    await smtp.start()
    await smtpOutbox().deliverDue(500)

    const received = receivedBy(smtp, String(live.payload.email))
    assert.lengthOf(received, 1)
    assert.include(received[0].raw, '271828')
    const sent = await storedRowTo(String(live.payload.email))
    assert.equal(sent.status, 'SENT')
    assert.notInclude(sent.payload, '271828')

    assert.lengthOf(receivedBy(smtp, String(stale.payload.email)), 0)
    const expired = await storedRowTo(String(stale.payload.email))
    assert.equal(expired.status, 'EXPIRED')
    assert.notInclude(expired.payload, '314159')
  })

  test('a failed one is neither resent by outbox:retry nor kept with its code', async ({
    assert,
    cleanup,
  }) => {
    const now = stoppedClock(cleanup)
    const email = uniqueEmail('old-failed')
    const failed = await earlierVersionMail(email, '577215', now.minus({ hours: 3 }), 'FAILED')

    await smtp.start()
    const retried = await outboxRetry([failed.id])
    assert.equal(retried.exitCode, 0)
    await smtpOutbox().deliverDue(500)

    assert.lengthOf(receivedBy(smtp, email), 0)
    const row = await storedRowTo(email)
    assert.equal(row.status, 'EXPIRED')
    assert.notInclude(row.payload, '577215')
    assert.match(retried.printed, /queued 0 failed message\(s\) again/)
    assert.match(retried.printed, /not queued: 1 code mail\(s\)/)
  })
})
