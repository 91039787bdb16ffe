import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import OutboxMessage from '#models/outbox_message'
import { OutboxService, type DeliveryReport } from '#services/mail/outbox_service'
import { OutboxWorker } from '#services/mail/outbox_worker'
import { PruneService } from '#services/system/prune_service'
import { sqlTime } from '#support/sql_time'
import { eachInTransaction } from '#tests/helpers/transactions'

/** A verification mail to a unique address, due now unless told otherwise. */
async function queued(overrides: Partial<OutboxMessage> = {}) {
  const email = `outbox-${randomUUID()}@example.com`
  return OutboxMessage.create({
    kind: 'verification_code',
    payload: { email, code: '123456', ttlMinutes: 10 },
    status: 'PENDING',
    attempts: 0,
    nextAttemptAt: DateTime.now().minus({ seconds: 1 }),
    ...overrides,
  })
}

async function statusOf(id: string) {
  const row = await OutboxMessage.findOrFail(id)
  return row.status
}

async function attemptsOf(id: string) {
  const row = await OutboxMessage.findOrFail(id)
  return row.attempts
}

/** An outbox whose passes take as long as the test says, to watch the worker around them. */
class SlowOutbox extends OutboxService {
  passes = 0
  release?: () => void

  async deliverDue(): Promise<DeliveryReport> {
    this.passes += 1
    await new Promise<void>((resolve) => (this.release = resolve))
    return { sent: 0, failed: 0, expired: 0 }
  }
}

test.group('Outbox: failing for good, and back', (group) => {
  eachInTransaction(group)

  test('the last allowed failed try sets a message aside as FAILED; it is tried no more', async ({
    assert,
  }) => {
    // No mail server listens on SMTP_PORT in this test: every SMTP send fails at once.
    const outbox = new OutboxService({ mailer: 'smtp' })
    const message = await queued({ attempts: 9 })

    assert.deepEqual(await outbox.deliverDue(), { sent: 0, failed: 1, expired: 0 })
    const failed = await OutboxMessage.findOrFail(message.id)
    assert.equal(failed.status, 'FAILED')
    assert.equal(failed.attempts, 10)
    assert.isString(failed.lastError)
    assert.isNull(failed.lockedUntil)
    assert.isNull(failed.sentAt)

    // Even when its next try would be due, a FAILED message is left alone.
    await db.from('outbox_messages').where('id', message.id).update({ next_attempt_at: sqlTime() })
    assert.deepEqual(await outbox.deliverDue(), { sent: 0, failed: 0, expired: 0 })
    assert.equal(await attemptsOf(message.id), 10)
  })

  test('a failure before the last try stays PENDING with a later try', async ({ assert }) => {
    const message = await queued({ attempts: 8 })
    await new OutboxService({ mailer: 'smtp' }).deliverDue()
    const row = await OutboxMessage.findOrFail(message.id)
    assert.equal(row.status, 'PENDING')
    assert.equal(row.attempts, 9)
    assert.isAbove(row.nextAttemptAt.diffNow('seconds').seconds, 60)
  })

  test('retryFailed puts the named failed messages back with fresh tries, and no others', async ({
    assert,
  }) => {
    const chosen = await queued({ status: 'FAILED', attempts: 10, lastError: 'refused' })
    const other = await queued({ status: 'FAILED', attempts: 10, lastError: 'refused' })
    const pending = await queued({ attempts: 3 })

    assert.deepEqual(await new OutboxService().retryFailed([chosen.id, pending.id]), {
      queued: 1,
      expired: 0,
    })
    const retried = await OutboxMessage.findOrFail(chosen.id)
    assert.equal(retried.status, 'PENDING')
    assert.equal(retried.attempts, 0)
    assert.isAtMost(retried.nextAttemptAt.diffNow('seconds').seconds, 0)
    assert.equal(await statusOf(other.id), 'FAILED')
    assert.equal(await attemptsOf(pending.id), 3)

    // Once back, the next pass sends it (the file mailer of the test environment).
    await new OutboxService().deliverDue(500)
    assert.equal(await statusOf(chosen.id), 'SENT')
  })

  test('status counts the states and lists the failures', async ({ assert }) => {
    const before = await new OutboxService().status()
    const failed = await queued({ status: 'FAILED', attempts: 10, lastError: 'mailbox full' })
    await queued({ nextAttemptAt: DateTime.now().minus({ minutes: 7 }) })
    await queued({ nextAttemptAt: DateTime.now().plus({ minutes: 5 }) })
    await queued({ lockedUntil: DateTime.now().plus({ minutes: 1 }) })

    const after = await new OutboxService().status()
    assert.equal(after.failed - before.failed, 1)
    assert.equal(after.pending - before.pending, 3)
    assert.equal(after.due - before.due, 2)
    assert.equal(after.claimed - before.claimed, 1)
    assert.isAtLeast(after.oldestDueSeconds, 7 * 60)
    const listed = after.recentFailures.find((failure) => failure.id === failed.id)
    assert.equal(listed?.lastError, 'mailbox full')
    assert.equal(listed?.attempts, 10)
  })
})

test.group('Outbox: claims', (group) => {
  eachInTransaction(group)

  test('a claim whose lease ran out (its worker died) is taken over; a live one is not', async ({
    assert,
  }) => {
    const abandoned = await queued({ lockedUntil: DateTime.now().minus({ seconds: 1 }) })
    const held = await queued({ lockedUntil: DateTime.now().plus({ minutes: 2 }) })

    await new OutboxService().deliverDue(500)
    const taken = await OutboxMessage.findOrFail(abandoned.id)
    assert.equal(taken.status, 'SENT')
    assert.isNull(taken.lockedUntil)
    assert.equal(await statusOf(held.id), 'PENDING')
  })
})

test.group('Outbox: batches', () => {
  test('three passes at once over several batches send every message once, with its HTML', async ({
    assert,
    cleanup,
  }) => {
    const faked = mail.fake()
    const messages = await Promise.all(Array.from({ length: 130 }, () => queued()))
    const ids = messages.map((message) => message.id)
    cleanup(async () => {
      mail.restore()
      await db.from('outbox_messages').whereIn('id', ids).delete()
    })

    await Promise.all([1, 2, 3].map(() => new OutboxService().deliverDue(500)))

    const rows = await OutboxMessage.query().whereIn('id', ids)
    assert.deepEqual([...new Set(rows.map((row) => row.status))], ['SENT'])
    // Sent twice, a message would count two tries.
    assert.deepEqual([...new Set(rows.map((row) => row.attempts))], [1])
    assert.isTrue(rows.every((row) => !('code' in row.payload) && row.lockedUntil === null))

    const addresses = new Set(messages.map((message) => String(message.payload.email)))
    const recipientOf = (message: { to?: Array<string | { address: string }> }) => {
      const to = message.to?.[0]
      return typeof to === 'string' ? to : to?.address
    }
    const sent = faked.mails
      .sent()
      .map((sentMail) => sentMail.message.toJSON().message)
      .filter((message) => addresses.has(String(recipientOf(message))))
    assert.lengthOf(sent, 130)
    assert.equal(new Set(sent.map(recipientOf)).size, 130)
    assert.include(String(sent[0].html), '<strong>123456</strong>')
  })

  test('a batch that fails in part records each outcome on its own message', async ({
    assert,
    cleanup,
  }) => {
    cleanup(await testUtils.db().withGlobalTransaction())
    const good = await Promise.all(Array.from({ length: 3 }, () => queued()))
    const unknown = await queued({ kind: 'no_such_kind', attempts: 2 })

    const report = await new OutboxService().deliverDue(500)
    assert.isAtLeast(report.sent, 3)
    assert.isAtLeast(report.failed, 1)
    for (const message of good) assert.equal(await statusOf(message.id), 'SENT')
    const failed = await OutboxMessage.findOrFail(unknown.id)
    assert.equal(failed.status, 'PENDING')
    assert.equal(failed.attempts, 3)
    assert.include(String(failed.lastError), 'no_such_kind')
  })
})

test.group('Outbox worker', (group) => {
  eachInTransaction(group)

  test('one tick drains a backlog larger than a batch', async ({ assert }) => {
    const messages = await Promise.all(Array.from({ length: 45 }, () => queued()))
    const worker = await app.container.make(OutboxWorker)
    await worker.tick()
    const rows = await OutboxMessage.query().whereIn(
      'id',
      messages.map((message) => message.id)
    )
    assert.deepEqual([...new Set(rows.map((row) => row.status))], ['SENT'])
  })

  test('ticks never overlap: a tick during a pass joins it', async ({ assert }) => {
    const outbox = new SlowOutbox()
    const worker = new OutboxWorker(outbox, new PruneService(new OutboxService()))
    const first = worker.tick()
    const second = worker.tick()
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(outbox.passes, 1)
    outbox.release!()
    await Promise.all([first, second])
    assert.equal(outbox.passes, 1)
  })

  test('stop waits for the pass in progress, then no pass starts', async ({ assert }) => {
    const outbox = new SlowOutbox()
    const worker = new OutboxWorker(outbox, new PruneService(new OutboxService()))
    worker.start(10)
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(outbox.passes, 1)

    let stopped = false
    const stopping = worker.stop().then(() => (stopped = true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.isFalse(stopped)
    outbox.release!()
    await stopping
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(outbox.passes, 1)
  })

  test('a failing pass is logged and the next tick runs again', async ({ assert }) => {
    let calls = 0
    const broken = new (class extends OutboxService {
      async deliverDue(): Promise<DeliveryReport> {
        calls += 1
        throw new Error('database gone')
      }
    })()
    const worker = new OutboxWorker(broken, new PruneService(new OutboxService()))
    await worker.tick()
    await worker.tick()
    assert.equal(calls, 2)
  })

  test('the first pass also prunes expired rows', async ({ assert }) => {
    const expiredDay = DateTime.now().minus({ days: 30 })
    const old = await queued({ status: 'SENT', sentAt: expiredDay, attempts: 1 })
    const worker = new OutboxWorker(
      new SlowOutboxThatFinishes(),
      new PruneService(new OutboxService())
    )
    await worker.tick()
    assert.isNull(await OutboxMessage.find(old.id))
  })
})

/** An outbox with nothing to send. */
class SlowOutboxThatFinishes extends OutboxService {
  async deliverDue(): Promise<DeliveryReport> {
    return { sent: 0, failed: 0, expired: 0 }
  }
}

test.group('node ace outbox:status, outbox:retry', (group) => {
  eachInTransaction(group)
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('outbox:status --json prints the counts', async ({ assert }) => {
    await queued({ status: 'FAILED', attempts: 10, lastError: 'refused' })
    const command = await ace.exec('outbox:status', ['--json'])
    assert.equal(command.exitCode, 0)
    const printed = command.logger
      .getLogs()
      .map((log) => log.message)
      .join('\n')
    const report = JSON.parse(printed)
    assert.isAtLeast(report.failed, 1)
    assert.properties(report, ['pending', 'due', 'oldestDueSeconds', 'claimed', 'sent'])
  })

  test('outbox:status prints a table', async ({ assert }) => {
    await queued({ status: 'FAILED', attempts: 10, lastError: 'refused' })
    const command = await ace.exec('outbox:status', [])
    assert.equal(command.exitCode, 0)
    const printed = command.ui.logger
      .getLogs()
      .map((log) => log.message)
      .join('\n')
    assert.include(printed, 'failed')
    assert.include(printed, 'outbox:retry')
  })

  test('outbox:retry --all queues every failed message again', async ({ assert }) => {
    const failed = await queued({ status: 'FAILED', attempts: 10, lastError: 'refused' })
    const command = await ace.exec('outbox:retry', ['--all'])
    assert.equal(command.exitCode, 0)
    assert.equal(await statusOf(failed.id), 'PENDING')
  })

  test('outbox:retry with ids queues those; with nothing it refuses', async ({ assert }) => {
    const chosen = await queued({ status: 'FAILED', attempts: 10, lastError: 'refused' })
    const other = await queued({ status: 'FAILED', attempts: 10, lastError: 'refused' })
    const retried = await ace.exec('outbox:retry', [chosen.id])
    assert.equal(retried.exitCode, 0)
    assert.equal(await statusOf(chosen.id), 'PENDING')
    assert.equal(await statusOf(other.id), 'FAILED')

    const refused = await ace.exec('outbox:retry', [])
    assert.equal(refused.exitCode, 1)
    const malformed = await ace.exec('outbox:retry', ['not-an-id', other.id])
    assert.equal(malformed.exitCode, 1)
    assert.equal(await statusOf(other.id), 'FAILED')
  })
})
