/*
| `loop-1`, `loop-10`: 1 or 10 customers each adding one unit of the hot product to the cart,
| asking for the summary and placing the order, one loop after another.
*/
import type { HttpRun } from '../lib/context.js'
import { orderLoop, type Customer } from '../lib/fixture.js'
import { measure, type Measurement } from '../lib/load.js'
import { log } from '../lib/report.js'

/** The loop scenario with `clients` customers at once. */
export async function loops(run: HttpRun, clients: 1 | 10) {
  log(`${run.database}: add-item → summary → place-order, ${clients} customer(s) at once`)
  run.report.results.push(await measureLoops(run, clients, run.settings.seconds))
}

/** `clients` customers each running add-item → summary → place-order loops for `seconds`. */
export async function measureLoops(
  run: HttpRun,
  clients: number,
  seconds: number
): Promise<Measurement> {
  const current: Array<Customer | undefined> = []
  let exhausted = false
  const measured = await measure({
    database: run.database,
    backends: run.backends,
    server: run.server,
    seconds,
    scenario: clients === 1 ? 'loop-1' : 'loop-10',
    clients,
    warmupOperations: 2 * clients,
    operation: async (client) => {
      current[client] = run.pool.take(current[client])
      if (!current[client]) {
        exhausted = true
        return false
      }
      await orderLoop(run.api, run.fixture, current[client]!, client)
    },
    note: 'one unit of one product all buyers share',
  })
  if (exhausted)
    measured.note = `${measured.note}; stopped early: customers used up (raise --customers)`
  return measured
}
