/*
| `ceiling`: the statements of one loop (add-item, summary, place-order) captured with their bound
| values; their round trips on both databases and, on PostgreSQL, what pgbench sustains replaying
| them (docs/performance.md, "The pgbench ceiling").
*/
import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import type { HttpRun } from '../lib/context.js'
import { PostgresBenchDatabase } from '../lib/database.js'
import { bearer, placeOrder } from '../lib/fixture.js'
import type { Measurement } from '../lib/load.js'
import { buildScript, prepareClients, runPgbench, type CustomerValues } from '../lib/pgbench.js'
import { log } from '../lib/report.js'
import { BackendCpu, type BenchServer } from '../lib/server.js'
import { measureLoops } from './loops.js'

/**
 * Captures the statements of one loop (add-item, summary, place-order) with their bound values;
 * on PostgreSQL replays them with pgbench, as the loop and as place-order alone. The loops are
 * measured again beside their ceiling, in alternating halves (ours, pgbench, pgbench, ours), so
 * the ratio compares figures taken under the same conditions: the ceiling alone moved by a
 * quarter between runs minutes apart (docs/performance.md, "The pgbench ceiling").
 */
export async function ceiling(run: HttpRun) {
  const { database, server, api, fixture, pool, connection, report } = run
  const { seconds, pgUrl } = run.settings
  const customer = pool.take()
  if (!customer) throw new Error('no customer left for the capture; raise --customers')
  const headers = bearer(customer.token!, 0)
  const key = `bench-${randomUUID()}`
  const steps: Record<string, Awaited<ReturnType<BenchServer['recorded']>>> = {}
  await server.record()
  await api.expect('POST', '/api/v1/cart/items', {
    body: { productId: fixture.hotProductId, quantity: 1 },
    headers,
  })
  steps.addItem = await server.recorded()
  await server.record()
  await api.expect('POST', '/api/v1/checkout/summary', {
    body: { shippingAddressId: customer.addressId, shippingMethodId: fixture.methodId },
    headers,
  })
  steps.summary = await server.recorded()
  await server.record()
  await placeOrder(api, fixture, customer, 0, key)
  steps.placeOrder = await server.recorded()
  const roundTrips = Object.fromEntries(
    Object.entries(steps).map(([step, list]) => [step, list.length])
  )
  log(`${database}: round trips of one loop: ${JSON.stringify(roundTrips)}`)
  report.extras[`${database}RoundTripsPerStep`] = roundTrips
  if (!(connection instanceof PostgresBenchDatabase)) return

  const values: CustomerValues = {
    c_user: customer.id,
    c_address: customer.addressId,
    c_email: customer.email,
    c_session: customer.sessionId!,
  }
  // The cart line place-order finds: add-item's writes, without its reads and transaction.
  const refill = steps.addItem.filter((statement) => /^(insert|update)\b/i.test(statement.sql))
  const loopScript = await buildScript(
    connection,
    [...steps.addItem, ...steps.summary, ...steps.placeOrder],
    values,
    [key]
  )
  const placeScript = await buildScript(connection, [...refill, ...steps.placeOrder], values, [key])

  // The pgbench clients' own customers, copied like the benchmark's.
  const emails = Array.from({ length: 10 }, (_unused, i) => `pgbench-${i}@example.com`)
  const userIds = await connection.cloneRow(
    'users',
    customer.id,
    emails.map((email) => ({ email }))
  )
  const addressIds = await connection.cloneRow(
    'shipping_addresses',
    customer.addressId,
    userIds.map((userId) => ({ user_id: userId }))
  )
  await prepareClients(
    connection,
    userIds.map((id, i) => ({
      c_user: id,
      c_address: addressIds[i],
      c_email: emails[i],
      c_session: randomUUID(),
    }))
  )
  mkdirSync('tmp', { recursive: true })
  writeFileSync('tmp/bench-captured-loop.json', JSON.stringify(steps, null, 2))
  const pgbenchCpu = new BackendCpu(connection, 'pgbench')
  for (const [scenario, script, clients] of [
    ['place-order', placeScript, 10],
    ['loop-1', loopScript, 1],
    ['loop-10', loopScript, 10],
  ] as const) {
    log(
      `${database}: pgbench ceiling of ${scenario} (${script.statements} statements, ${clients} client(s))`
    )
    const paired = scenario !== 'place-order'
    const half = seconds / 2
    const ours: Measurement[] = []
    const replays: Array<Awaited<ReturnType<typeof runPgbench>>> = []
    let pgbenchCpuMs = 0
    const replay = async (duration: number) => {
      await pgbenchCpu.start()
      const path = `tmp/bench-${scenario}.pgbench.sql`
      replays.push(await runPgbench(pgUrl, path, script, clients, duration))
      pgbenchCpuMs += await pgbenchCpu.stop()
    }
    if (paired) {
      ours.push(await measureLoops(run, clients, half))
      await replay(half)
      await replay(half)
      ours.push(await measureLoops(run, clients, half))
    } else {
      await replay(seconds)
    }
    const mean = (figures: number[]) =>
      figures.reduce((sum, figure) => sum + figure, 0) / figures.length
    const tps = mean(replays.map((outcome) => outcome.tps))
    const transactions = replays.reduce((sum, outcome) => sum + outcome.transactions, 0)
    const inScenario = report.results.find(
      (result) => result.database === database && result.scenario === scenario
    )
    const oursBeside = paired ? mean(ours.map((measured) => measured.throughput)) : null
    const ratioOf = (throughput: number | null | undefined) =>
      throughput ? Math.round((throughput / tps) * 100) / 100 : null
    const ceilingResult = {
      scenario,
      clients,
      statements: script.statements,
      tps: Math.round(tps * 10) / 10,
      latencyAverageMs: mean(replays.map((outcome) => outcome.latencyAverageMs)),
      failed: replays.reduce((sum, outcome) => sum + outcome.failed, 0),
      databaseCpuMsPerOp: Math.round((pgbenchCpuMs / Math.max(1, transactions)) * 100) / 100,
      /** Ours measured beside the ceiling (the loops), else in its own scenario. */
      ours:
        oursBeside === null ? (inScenario?.throughput ?? null) : Math.round(oursBeside * 10) / 10,
      ratio: ratioOf(oursBeside ?? inScenario?.throughput),
      /** Ours in its own scenario, measured minutes before the ceiling. */
      oursInScenario: inScenario?.throughput ?? null,
      ratioToScenario: ratioOf(inScenario?.throughput),
    }
    ;((report.extras.ceilings ??= []) as unknown[]).push(ceilingResult)
    log(`${database}: ${JSON.stringify(ceilingResult)}`)
  }
}
