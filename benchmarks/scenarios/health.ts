/* `health`: `GET /health`, the framework's floor. */
import { meters, type HttpRun } from '../lib/context.js'
import { measure } from '../lib/load.js'
import { log } from '../lib/report.js'

export async function health(run: HttpRun) {
  log(`${run.database}: GET /health`)
  run.report.results.push(
    await measure({
      ...meters(run),
      scenario: 'health',
      clients: 10,
      warmupOperations: 100,
      operation: async () => void (await run.api.expect('GET', '/health')),
    })
  )
}
