/* `product-read`: `GET /api/v1/products/{id}` of one of the seeded products. */
import { meters, type HttpRun } from '../lib/context.js'
import { clientAddress } from '../lib/fixture.js'
import { measure } from '../lib/load.js'
import { log } from '../lib/report.js'

export async function productRead(run: HttpRun) {
  const { api, fixture } = run
  log(`${run.database}: product read`)
  run.report.results.push(
    await measure({
      ...meters(run),
      scenario: 'product-read',
      clients: 10,
      warmupOperations: 200,
      operation: async (client) => {
        const id = fixture.productIds[Math.floor(Math.random() * fixture.productIds.length)]
        await api.expect('GET', `/api/v1/products/${id}`, {
          headers: { 'x-forwarded-for': clientAddress(client + 1) },
        })
      },
    })
  )
}
