/*
| `login`: every customer logs in once (argon2id). Always runs: the other scenarios use the
| tokens.
*/
import type { HttpRun } from '../lib/context.js'
import { meters } from '../lib/context.js'
import { clientAddress, PASSWORD, sessionOf } from '../lib/fixture.js'
import { measure, type Operation } from '../lib/load.js'
import { log } from '../lib/report.js'

/** Logs every seeded customer in, keeping its access token and session. */
export async function login(run: HttpRun) {
  const { api, fixture } = run
  let loggedIn = 0
  const operation: Operation = async (client) => {
    const customer = fixture.customers[loggedIn++]
    if (!customer) return false
    const reply = await api.expect('POST', '/auth/login', {
      body: { email: customer.email, password: PASSWORD, userType: 'customer' },
      headers: { 'x-forwarded-for': clientAddress(client + 1) },
    })
    customer.token = reply.data.accessToken
    customer.sessionId = sessionOf(customer.token!)
  }
  log(`${run.database}: login (every customer logs in once)`)
  run.report.results.push(
    await measure({
      ...meters(run),
      scenario: 'login',
      clients: 10,
      seconds: 600,
      warmupOperations: 10,
      operation,
    })
  )
}
