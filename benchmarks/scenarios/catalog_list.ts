/* `catalog-list`: `GET /api/v1/products?limit=20`. */
import { meters, type HttpRun } from '../lib/context.js'
import { clientAddress } from '../lib/fixture.js'
import { measure } from '../lib/load.js'
import { log } from '../lib/report.js'

export async function catalogList(run: HttpRun) {
  // The list allows 120 requests a minute per client address: every request comes from a
  // new address, as from a crowd of shoppers.
  let visitor = 1000
  log(`${run.database}: catalog list`)
  run.report.results.push(
    await measure({
      ...meters(run),
      scenario: 'catalog-list',
      clients: 10,
      warmupOperations: 100,
      operation: async () => {
        await run.api.expect('GET', '/api/v1/products?limit=20', {
          headers: { 'x-forwarded-for': clientAddress(visitor++) },
        })
      },
    })
  )
}
