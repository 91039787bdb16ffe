/*
| `place-order`: `POST /api/v1/checkout/place-order` of a one-line cart (1 unit of one product
| every buyer wants); the carts are filled beforehand, in SQL.
*/
import { meters, type HttpRun } from '../lib/context.js'
import { bearer, copyCart, placeOrder, type Customer } from '../lib/fixture.js'
import { measure } from '../lib/load.js'
import { log } from '../lib/report.js'

/**
 * The placements' cart: one unit of the hot product, which every buyer wants, in the cart of a
 * customer taken from the pool. Made whether or not `place-order` runs, so the loops take the
 * same customers either way.
 */
export async function placementCart(run: HttpRun): Promise<Customer> {
  const cartTemplate = run.pool.take()!
  await run.api.expect('POST', '/api/v1/cart/items', {
    body: { productId: run.fixture.hotProductId, quantity: 1 },
    headers: bearer(cartTemplate.token!, 0),
  })
  return cartTemplate
}

/** Every customer left in the pool places one order with a copy of `cartTemplate`'s cart. */
export async function placeOrderAlone(run: HttpRun, cartTemplate: Customer) {
  const { api, connection, fixture, pool } = run
  // Every customer left places one order here (then up to 8 more in the loops, within the
  // limit of 10 new keys a minute); the carts are filled beforehand, in SQL.
  const buyers = pool.remaining()
  await copyCart(connection, cartTemplate.id, buyers)
  let nextBuyer = 0
  log(`${run.database}: place-order alone (up to ${buyers.length} customers, one order each)`)
  const measured = await measure({
    ...meters(run),
    scenario: 'place-order',
    clients: 10,
    warmupOperations: 20,
    operation: async (client) => {
      const buyer = buyers[nextBuyer++]
      if (!buyer) return false
      await placeOrder(api, fixture, buyer, client)
    },
    note:
      run.settings.webhookEndpoints > 0
        ? `cart: 1 unit of one product all buyers share; ${run.settings.webhookEndpoints} webhook endpoints subscribed`
        : 'cart: 1 unit of one product all buyers share',
  })
  if (nextBuyer > buyers.length) {
    measured.note = `${measured.note}; stopped early: customers used up (raise --customers)`
  }
  run.report.results.push(measured)
  // The loops start from empty carts.
  const unused = buyers.slice(nextBuyer).map((buyer) => buyer.id)
  for (let start = 0; start < unused.length; start += 100) {
    const ids = unused.slice(start, start + 100)
    await connection.query(
      `delete from cart_items where user_id in (${ids.map(() => '?').join(', ')})`,
      ids
    )
  }
}
