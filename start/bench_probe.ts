/*
| For `npm run bench` only: with BENCH_SQL_PROBE=true, the web server counts the SQL statements
| (round trips) it sends and answers the benchmark's questions about them over the IPC channel of
| the process that spawned it. Nothing listens on the network, and without an IPC channel or the
| setting nothing is counted.
*/
import env from '#start/env'
import { SqlRoundTrips } from '#support/sql_round_trips'

/** A question from the benchmark: the count so far, start keeping statements, or hand them over. */
type ProbeQuestion = { probe: 'count' | 'record' | 'recorded'; id: number }

if (env.get('BENCH_SQL_PROBE', false) && process.send) {
  const roundTrips = new SqlRoundTrips().start()
  process.on('message', (message: ProbeQuestion) => {
    if (!message || typeof message !== 'object' || !('probe' in message)) return
    if (message.probe === 'record') roundTrips.record()
    const statements = message.probe === 'recorded' ? roundTrips.recorded() : undefined
    process.send!({ id: message.id, count: roundTrips.count, statements })
  })
  // The IPC channel must not keep a server alive that was told to stop.
  process.channel?.unref()
}
