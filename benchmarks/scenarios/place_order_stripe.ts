/*
| `place-order-stripe`: `POST /api/v1/checkout/place-order` paid by card with
| PAYMENT_PROVIDER=stripe, against the test suite's Stripe stand-in (tests/helpers/
| stripe_server.ts) on this machine: the placement plus one PaymentIntent call made before its
| transaction (docs/api/payments.md). The server is restarted with Stripe for the scenario and
| back without it after, so the scenarios that follow run as before.
*/
import { meters, type HttpRun } from '../lib/context.js'
import { copyCart, placeOrder, type Customer } from '../lib/fixture.js'
import { measure } from '../lib/load.js'
import { log } from '../lib/report.js'
import { BenchServer } from '../lib/server.js'
import {
  StripeServer,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from '../../tests/helpers/stripe_server.js'

/** Customers this scenario takes from the pool, one card placement each. */
const BUYERS = 200

export async function placeOrderWithStripe(run: HttpRun, cartTemplate: Customer) {
  const { api, connection, fixture, pool, port } = run
  const buyers: Customer[] = []
  while (buyers.length < BUYERS && pool.left > 0) buyers.push(pool.take()!)
  await copyCart(connection, cartTemplate.id, buyers)

  const stripe = await new StripeServer().start()
  const env = {
    ...run.serverEnv,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  }
  await run.server.stop()
  run.server = await BenchServer.start({ port, build: run.settings.build, env })
  try {
    let nextBuyer = 0
    log(`${run.database}: place-order by card with Stripe (up to ${buyers.length} customers)`)
    const measured = await measure({
      ...meters(run),
      scenario: 'place-order-stripe',
      clients: 10,
      warmupOperations: 20,
      operation: async (client) => {
        const buyer = buyers[nextBuyer++]
        if (!buyer) return false
        await placeOrder(api, fixture, buyer, client, undefined, 'CREDIT_CARD')
      },
      note: 'cart: 1 unit of one product all buyers share; one PaymentIntent per placement',
    })
    if (nextBuyer > buyers.length) {
      measured.note = `${measured.note}; stopped early: customers used up (raise --customers)`
    }
    run.report.results.push(measured)
  } finally {
    await run.server.stop()
    await stripe.stop()
    run.server = await BenchServer.start({ port, build: run.settings.build, env: run.serverEnv })
  }
  const unused = buyers.map((buyer) => buyer.id)
  for (let start = 0; start < unused.length; start += 100) {
    const ids = unused.slice(start, start + 100)
    await connection.query(
      `delete from cart_items where user_id in (${ids.map(() => '?').join(', ')})`,
      ids
    )
  }
}
