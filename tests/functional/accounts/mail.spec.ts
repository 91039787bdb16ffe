import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import limiter from '@adonisjs/limiter/services/main'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import mail from '@adonisjs/mail/services/main'
import OutboxMessage from '#models/outbox_message'
import { OutboxService } from '#services/mail/outbox_service'
import { openSecret } from '#services/mail/outbox_secret'
import tokensConfig from '#config/tokens'
import { sqlTime } from '#support/sql_time'
import { expectEnvelope } from '#tests/helpers/responses'
import { PASSWORD, expectLogin, register, registerVerified, uniqueEmail } from './support.js'
import { SmtpSink } from '#tests/helpers/smtp_sink'
import { eachInTransaction } from '#tests/helpers/transactions'

/** The only outbox row to `email` (of `kind`, when given). */
async function outboxRowTo(email: string, kind?: string) {
  const rows = await OutboxMessage.all()
  const mine = rows.filter((row) => row.payload.email === email && (!kind || row.kind === kind))
  if (mine.length !== 1) throw new Error(`expected one outbox row to ${email}, got ${mine.length}`)
  return mine[0]
}

test.group('Mail through the outbox', (group) => {
  let smtp: SmtpSink
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())
  group.each.setup(() => {
    smtp = new SmtpSink()
    return () => smtp.stop()
  })

  test('the test environment has no SMTP_HOST, so the default mailer writes files', ({
    assert,
  }) => {
    assert.isUndefined(env.get('SMTP_HOST'))
    assert.isAbove(env.get('SMTP_PORT') ?? 0, 0)
    assert.equal(mail.config.default, 'file')
  })

  test('a verification code travels over SMTP and verifies the account', async ({
    client,
    assert,
  }) => {
    await smtp.start()
    const email = uniqueEmail('smtp')
    const registered = expectEnvelope(assert, await register(client, email), 200)
    const queued = await outboxRowTo(email)
    assert.equal(queued.status, 'PENDING')
    assert.equal(queued.kind, 'verification_code')

    const report = await new OutboxService({ mailer: 'smtp' }).deliverDue()
    assert.deepEqual(report, { sent: 1, failed: 0, expired: 0 })

    assert.lengthOf(smtp.messages, 1)
    assert.deepEqual(smtp.messages[0].to, [email])
    assert.include(smtp.messages[0].raw, 'Subject: Your verification code')
    const code = smtp.messages[0].raw.match(
      /verification code for your customer account is (\d{6})/
    )?.[1]
    assert.isString(code)

    const verified = await client
      .post('/auth/otp-verification')
      .json({ userId: registered.id, otp: code })
    assert.isTrue(expectEnvelope(assert, verified, 200))
    await expectLogin(assert, client, email, PASSWORD)

    const sent = await OutboxMessage.findOrFail(queued.id)
    assert.equal(sent.status, 'SENT')
    assert.equal(sent.attempts, 1)
    assert.isNotNull(sent.sentAt)
    assert.isNull(sent.lockedUntil)
    // Once the mail is out, the clear code is gone from the table.
    assert.notProperty(sent.payload, 'code')
    assert.equal(sent.payload.email, email)
  })

  test('a reset mail carries one code per account over SMTP', async ({ client, assert }) => {
    await smtp.start()
    const email = uniqueEmail('smtp-reset')
    await registerVerified(client, email, 'customer')
    await registerVerified(client, email, 'seller')
    expectEnvelope(assert, await client.post('/auth/forget-password').json({ email }), 200)

    assert.deepEqual(await new OutboxService({ mailer: 'smtp' }).deliverDue(), {
      sent: 1,
      failed: 0,
      expired: 0,
    })
    assert.lengthOf(smtp.messages, 1)
    const raw = smtp.messages[0].raw
    const customerCode = raw.match(/customer account: (\d{6})/)?.[1]
    const sellerCode = raw.match(/seller account: (\d{6})/)?.[1]
    assert.isString(customerCode)
    assert.isString(sellerCode)

    const reset = await client
      .post('/auth/reset-password')
      .json({ email, otp: customerCode, newPassword: 'Granite-Falcon-3318', userType: 'customer' })
    expectEnvelope(assert, reset, 200)
    await expectLogin(assert, client, email, 'Granite-Falcon-3318', 'customer')

    // The reset also queued a "your password was changed" notice; the code mail is the one sent,
    // and what is left of it holds no code.
    const sent = await outboxRowTo(email, 'password_reset')
    assert.deepEqual(sent.payload, { email, ttlMinutes: tokensConfig.otpTtlMinutes })
    assert.isNull(sent.secret)
  })

  test('a mail server that is down delays the mail and loses none', async ({ client, assert }) => {
    const email = uniqueEmail('outage')
    expectEnvelope(assert, await register(client, email), 200)
    const outbox = new OutboxService({ mailer: 'smtp' })

    // Down: the send fails fast, the message stays pending with a later try.
    const startedAt = Date.now()
    assert.deepEqual(await outbox.deliverDue(), { sent: 0, failed: 1, expired: 0 })
    assert.isBelow(Date.now() - startedAt, 5000)
    let row = await outboxRowTo(email)
    assert.equal(row.status, 'PENDING')
    assert.equal(row.attempts, 1)
    assert.isString(row.lastError)
    assert.isNull(row.lockedUntil)
    assert.isNull(row.sentAt)
    assert.isAbove(row.nextAttemptAt.diffNow('seconds').seconds, 5)
    // The code waits sealed, never in the payload.
    assert.notProperty(row.payload, 'code')
    assert.isString(row.secret)

    // Not due yet: nothing is tried.
    assert.deepEqual(await outbox.deliverDue(), { sent: 0, failed: 0, expired: 0 })

    // Due again and still down: the delay doubles.
    await db.from('outbox_messages').where('id', row.id).update({ next_attempt_at: sqlTime() })
    assert.deepEqual(await outbox.deliverDue(), { sent: 0, failed: 1, expired: 0 })
    row = await outboxRowTo(email)
    assert.equal(row.attempts, 2)
    assert.isAbove(row.nextAttemptAt.diffNow('seconds').seconds, 15)

    // Up: the next due pass sends it exactly once.
    await smtp.start()
    await db.from('outbox_messages').where('id', row.id).update({ next_attempt_at: sqlTime() })
    assert.deepEqual(await outbox.deliverDue(), { sent: 1, failed: 0, expired: 0 })
    assert.deepEqual(await outbox.deliverDue(), { sent: 0, failed: 0, expired: 0 })
    assert.lengthOf(smtp.messages, 1)
    assert.deepEqual(smtp.messages[0].to, [email])

    row = await outboxRowTo(email)
    assert.equal(row.status, 'SENT')
    assert.equal(row.attempts, 3)
  })

  test('two delivery passes at once send a message once', async ({ client, assert }) => {
    await smtp.start()
    const email = uniqueEmail('twice')
    expectEnvelope(assert, await register(client, email), 200)

    const reports = await Promise.all([
      new OutboxService({ mailer: 'smtp' }).deliverDue(),
      new OutboxService({ mailer: 'smtp' }).deliverDue(),
    ])
    assert.equal(reports[0].sent + reports[1].sent, 1)
    assert.lengthOf(smtp.messages, 1)
  })

  test('a rolled-back change sends nothing', async ({ assert }) => {
    const email = uniqueEmail('rolled-back')
    await assert.rejects(() =>
      db.transaction(async (trx) => {
        const outbox = await app.container.make(OutboxService)
        await outbox.enqueue(
          trx,
          'verification_code',
          { email, ttlMinutes: 10 },
          { fields: { code: '123456' }, expiresAt: DateTime.now().plus({ minutes: 10 }) }
        )
        throw new Error('the change failed')
      })
    )
    const rows = await OutboxMessage.all()
    assert.notInclude(
      rows.map((row) => row.payload.email),
      email
    )
  })

  test('without SMTP_HOST the mail is written under tmp/mail', async ({ client, assert }) => {
    const email = uniqueEmail('file')
    const directory = app.tmpPath('mail')
    const before = new Set(await readdir(directory).catch(() => [] as string[]))
    expectEnvelope(assert, await register(client, email), 200)
    const queued = await outboxRowTo(email)
    const code = openSecret(queued)?.fields.code
    assert.match(String(code), /^\d{6}$/)

    const outbox = await app.container.make(OutboxService)
    assert.deepEqual(await outbox.deliverDue(), { sent: 1, failed: 0, expired: 0 })
    const after = await readdir(directory)
    const created = after.filter((name) => !before.has(name))
    assert.lengthOf(created, 1)
    const file = join(directory, created[0])
    try {
      const contents = await readFile(file, 'utf8')
      assert.include(contents, `To: ${email}`)
      assert.include(contents, `Your verification code for your customer account is ${code}`)
    } finally {
      await rm(file, { force: true })
    }
  })
})
