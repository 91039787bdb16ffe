/*
| Loaded into the server by `npm run bench` (`--import`, benchmarks/lib/server.ts), never in
| production: the server counts the SQL statements (round trips) it sends
| (app/support/sql_round_trips.ts) and answers the benchmark's questions about them over the IPC
| channel of the process that spawned it. Nothing listens on the network.
|
| Node imports this file before the application exists. The framework's tracing channel of
| provider registration (@adonisjs/application) says when it does; counting then starts once the
| application is booted, before its preloads run and before the HTTP server listens, so the first
| question the benchmark asks after /health answers is always heard.
*/
import diagnostics_channel from 'node:diagnostics_channel'
import app from '@adonisjs/core/services/app'

/** @typedef {{ probe: 'count' | 'record' | 'recorded', id: number }} ProbeQuestion */

const providerRegistration = diagnostics_channel.tracingChannel('adonisjs.provider.register')
const onFirstProvider = {
  start() {
    providerRegistration.unsubscribe(onFirstProvider)
    app.starting(answerQuestions)
  },
}
if (process.send) providerRegistration.subscribe(onFirstProvider)

/** Starts counting and answers the benchmark: the count so far, start keeping, hand them over. */
async function answerQuestions() {
  // Through the application's importer: the TypeScript source or the compiled build, whichever runs.
  const { SqlRoundTrips } = await app.import('#support/sql_round_trips')
  const roundTrips = new SqlRoundTrips().start()
  process.on('message', (/** @type {ProbeQuestion} */ message) => {
    if (!message || typeof message !== 'object' || !('probe' in message)) return
    if (message.probe === 'record') roundTrips.record()
    const statements = message.probe === 'recorded' ? roundTrips.recorded() : undefined
    process.send?.({ id: message.id, count: roundTrips.count, statements })
  })
  // The IPC channel must not keep a server alive that was told to stop.
  process.channel?.unref()
}
