/* `summary-coupon`: `POST /api/v1/checkout/summary` of a reader's cart with a 10 % coupon. */
import { meters, type HttpRun } from '../lib/context.js'
import { bearer } from '../lib/fixture.js'
import { measure } from '../lib/load.js'
import { log } from '../lib/report.js'

export async function summaryCoupon(run: HttpRun) {
  const { api, fixture, readers } = run
  log(`${run.database}: summary with a coupon`)
  run.report.results.push(
    await measure({
      ...meters(run),
      scenario: 'summary-coupon',
      clients: 10,
      warmupOperations: 100,
      operation: async (client) =>
        void (await api.expect('POST', '/api/v1/checkout/summary', {
          body: {
            shippingAddressId: readers[client].addressId,
            shippingMethodId: fixture.methodId,
            couponCode: fixture.couponCode,
          },
          headers: bearer(readers[client].token!, client),
        })),
      note: '10 lines from 5 shops, 10 % coupon',
    })
  )
}
