/*
| `mail`: the in-process outbox worker sending to a local SMTP sink: a backlog drained, then the
| mail of 100 orders a second.
*/
import { setTimeout as sleep } from 'node:timers/promises'
import type { HttpRun } from '../lib/context.js'
import { PostgresBenchDatabase } from '../lib/database.js'
import { orderLoop } from '../lib/fixture.js'
import { log } from '../lib/report.js'
import { BackendCpu, BenchServer, SERVER_APPLICATION_NAME } from '../lib/server.js'
import type { SmtpSink } from '../lib/smtp_sink.js'

const MAIL_BACKLOG = 5000
/** The mail of 100 placements a second: each queues a confirmation and a new-order notice. */
const MAIL_LOAD_PER_SECOND = 200
const MAIL_LOAD_SECONDS = 60
/** Longer than the worker's polling interval, so mail queued just before the end can go. */
const MAIL_LOAD_GRACE_SECONDS = 5

/**
 * The outbox worker delivering to the local sink, in two parts, with the server restarted with
 * its worker on (the caller stops the one running; the restarted one is returned):
 * - `mail`: a backlog (the orders placed above, topped up with copies of one queued
 *   confirmation to MAIL_BACKLOG) is drained; throughput is the mails the sink received over the
 *   time from the server's first answer to the last mail of the backlog (or to the end of the
 *   time allowed);
 * - `mail-100-orders`: for MAIL_LOAD_SECONDS, the mail of 100 placements a second (a
 *   confirmation and a new-order notice each) is queued while the worker runs; what is still
 *   queued MAIL_LOAD_GRACE_SECONDS after the last one is the backlog left.
 */
export async function mail(run: HttpRun, sink: SmtpSink): Promise<BenchServer> {
  const { database, connection, port, serverEnv: env, api, fixture, pool, report } = run
  const { build, seconds } = run.settings
  const queued = async () => {
    const [row] = await connection.query<{ total: number }>(
      "select count(*) as total from outbox_messages where status = 'PENDING'"
    )
    return Number(row.total)
  }
  let confirmation = await connection.query<{ id: string }>(
    "select id from outbox_messages where kind = 'order_confirmation' limit 1"
  )
  if (confirmation.length === 0) {
    // No order was placed in this run: temporarily back up the server for one.
    const server = await BenchServer.start({ port, build, env })
    const buyer = pool.take()!
    await orderLoop(api, fixture, buyer, 0)
    await server.stop()
    confirmation = await connection.query(
      "select id from outbox_messages where kind = 'order_confirmation' limit 1"
    )
  }
  const template = confirmation[0].id
  const backlog = await queued()
  if (backlog < MAIL_BACKLOG) {
    await connection.cloneRow(
      'outbox_messages',
      template,
      Array.from({ length: MAIL_BACKLOG - backlog }, () => ({ status: 'PENDING' }))
    )
  }
  const toDrain = await queued()
  log(`${database}: mail delivery to a local SMTP sink (${toDrain} queued)`)
  const receivedAtSpawn = sink.received
  const server = await BenchServer.start({
    port,
    build,
    env: { ...env, MAIL_WORKER: 'true' },
  })
  const backends =
    connection instanceof PostgresBenchDatabase
      ? new BackendCpu(connection, SERVER_APPLICATION_NAME)
      : undefined

  /** Resources used while `during` runs: mails received, time, CPU and round trips. */
  const measured = async (during: () => Promise<number | void>) => {
    const roundTripsBefore = await server.roundTrips()
    await backends?.start()
    const cpuBefore = server.cpuMs()
    const receivedBefore = sink.received
    const started = performance.now()
    const lastAt = (await during()) ?? performance.now()
    const elapsed = (lastAt - started) / 1000
    const mails = sink.received - receivedBefore
    const cpu = server.cpuMs() - cpuBefore
    const databaseCpu = backends ? await backends.stop() : null
    const roundTrips = (await server.roundTrips()) - roundTripsBefore
    const perMail = (value: number) => Math.round((value / Math.max(1, mails)) * 100) / 100
    return {
      database,
      clients: 1,
      operations: mails,
      seconds: Math.round(elapsed * 100) / 100,
      throughput: Math.round((mails / elapsed) * 10) / 10,
      p50Ms: null,
      p99Ms: null,
      serverCpuMsPerOp: perMail(cpu),
      databaseCpuMsPerOp: databaseCpu === null ? null : perMail(databaseCpu),
      roundTripsPerOp: Math.round((roundTrips / Math.max(1, mails)) * 100) / 100,
    }
  }

  const drained = await measured(async () => {
    const deadline = performance.now() + Math.max(seconds, 15) * 1000
    let lastAt = performance.now()
    let seen = sink.received
    while (sink.received - receivedAtSpawn < toDrain && performance.now() < deadline) {
      await sleep(20)
      if (sink.received !== seen) {
        seen = sink.received
        lastAt = performance.now()
      }
    }
    return lastAt
  })
  report.results.push({
    scenario: 'mail',
    ...drained,
    note: `in-process outbox worker draining ${toDrain} queued mails; ${await queued()} still queued at the end`,
  })

  log(`${database}: mail of 100 placements a second for ${MAIL_LOAD_SECONDS} s`)
  let peak = 0
  const sustained = await measured(async () => {
    const started = performance.now()
    for (let tick = 1; tick <= MAIL_LOAD_SECONDS * 10; tick++) {
      await connection.cloneRow(
        'outbox_messages',
        template,
        Array.from({ length: MAIL_LOAD_PER_SECOND / 10 }, () => ({ status: 'PENDING' }))
      )
      if (tick % 10 === 0) peak = Math.max(peak, await queued())
      const next = started + tick * 100
      if (next > performance.now()) await sleep(next - performance.now())
    }
    await sleep(MAIL_LOAD_GRACE_SECONDS * 1000)
  })
  report.results.push({
    scenario: 'mail-100-orders',
    ...sustained,
    note:
      `${MAIL_LOAD_PER_SECOND} mails a second queued for ${MAIL_LOAD_SECONDS} s; at most ${peak} queued ` +
      `at a second's end; ${await queued()} still queued ${MAIL_LOAD_GRACE_SECONDS} s after the last`,
  })
  return server
}
