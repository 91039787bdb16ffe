/*
| The load generator and the meter around it: `clients` simulated clients each run one operation
| after another (a closed loop) until the time is up or the work runs out; the meter reads the
| server's CPU, the database backends' CPU and the server's SQL round trips before and after.
*/
import type { BackendCpu, BenchServer } from './server.js'

/** One scenario's figures. */
export interface Measurement {
  scenario: string
  database: 'postgres' | 'sqlite'
  clients: number
  operations: number
  seconds: number
  throughput: number
  p50Ms: number | null
  p99Ms: number | null
  serverCpuMsPerOp: number
  /** null on SQLite: the database runs inside the server process and its CPU is the server's. */
  databaseCpuMsPerOp: number | null
  roundTripsPerOp: number
  /**
   * The CPU of this process (the load generator) per operation: it shares the machine's cores
   * with the server and the database, where pgbench's own client costs next to nothing.
   */
  clientCpuMsPerOp?: number
  note?: string
}

/** What a simulated client does once; `false` when it has no more work. */
export type Operation = (client: number) => Promise<boolean | void>

/** Runs `operation` on `clients` clients for `seconds` or until `maxOperations`. */
export async function drive(options: {
  clients: number
  seconds: number
  maxOperations?: number
  operation: Operation
}) {
  const latencies: number[] = []
  const deadline = performance.now() + options.seconds * 1000
  const limit = options.maxOperations ?? Number.POSITIVE_INFINITY
  let started = 0
  const begun = performance.now()
  await Promise.all(
    Array.from({ length: options.clients }, async (_unused, client) => {
      while (performance.now() < deadline && started < limit) {
        started += 1
        const sent = performance.now()
        const more = await options.operation(client)
        if (more === false) {
          started -= 1
          return
        }
        latencies.push(performance.now() - sent)
      }
    })
  )
  return { latencies, seconds: (performance.now() - begun) / 1000 }
}

function percentile(sorted: number[], fraction: number): number | null {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)]
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits

/** Measures one scenario: a short warm-up, then `drive` between two readings of every meter. */
export async function measure(options: {
  scenario: string
  server: BenchServer
  backends?: BackendCpu
  database: 'postgres' | 'sqlite'
  clients: number
  seconds: number
  warmupOperations?: number
  maxOperations?: number
  operation: Operation
  note?: string
}): Promise<Measurement> {
  if (options.warmupOperations) {
    await drive({
      clients: options.clients,
      seconds: 30,
      maxOperations: options.warmupOperations,
      operation: options.operation,
    })
  }
  const roundTripsBefore = await options.server.roundTrips()
  await options.backends?.start()
  const cpuBefore = options.server.cpuMs()
  const clientCpuBefore = process.cpuUsage()
  const { latencies, seconds } = await drive(options)
  const clientCpu = process.cpuUsage(clientCpuBefore)
  const cpuAfter = options.server.cpuMs()
  const databaseCpu = options.backends ? await options.backends.stop() : null
  const roundTrips = (await options.server.roundTrips()) - roundTripsBefore
  latencies.sort((a, b) => a - b)
  const operations = Math.max(1, latencies.length)
  return {
    scenario: options.scenario,
    database: options.database,
    clients: options.clients,
    operations: latencies.length,
    seconds: round(seconds),
    throughput: round(latencies.length / seconds, 1),
    p50Ms: percentile(latencies, 0.5) === null ? null : round(percentile(latencies, 0.5)!, 1),
    p99Ms: percentile(latencies, 0.99) === null ? null : round(percentile(latencies, 0.99)!, 1),
    serverCpuMsPerOp: round((cpuAfter - cpuBefore) / operations),
    databaseCpuMsPerOp: databaseCpu === null ? null : round(databaseCpu / operations),
    roundTripsPerOp: round(roundTrips / operations, 1),
    clientCpuMsPerOp: round((clientCpu.user + clientCpu.system) / 1000 / operations),
    ...(options.note ? { note: options.note } : {}),
  }
}
