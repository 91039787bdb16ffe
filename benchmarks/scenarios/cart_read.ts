/* `cart-read`: `GET /api/v1/cart` of a reader's cart, 10 lines from 5 shops. */
import { meters, type HttpRun } from '../lib/context.js'
import { bearer } from '../lib/fixture.js'
import { measure } from '../lib/load.js'
import { log } from '../lib/report.js'

export async function cartRead(run: HttpRun) {
  const { api, readers } = run
  log(`${run.database}: cart read`)
  run.report.results.push(
    await measure({
      ...meters(run),
      scenario: 'cart-read',
      clients: 10,
      warmupOperations: 100,
      operation: async (client) =>
        void (await api.expect('GET', '/api/v1/cart', {
          headers: bearer(readers[client].token!, client),
        })),
      note: '10 lines from 5 shops',
    })
  )
}
