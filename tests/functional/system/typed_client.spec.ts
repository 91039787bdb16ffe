import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'

const run = promisify(execFile)

/**
 * The small client the README's "Typed client" section describes, written against the types
 * openapi-typescript generates. The `@ts-expect-error` lines must stay errors: if the document
 * stopped typing these fields, tsc would report the unused directive and the test would fail.
 */
const CLIENT = `import type { components, paths } from './api.js'

type Order = components['schemas']['Order']
type PlaceOrder = paths['/api/v1/checkout/place-order']['post']
type PlaceOrderBody = PlaceOrder['requestBody']['content']['application/json']
type Placed = PlaceOrder['responses'][201]['content']['application/json']
type Problem = components['schemas']['ProblemDetails']

export async function placeOrder(
  baseUrl: string,
  token: string,
  body: PlaceOrderBody
): Promise<Placed | Problem> {
  const response = await fetch(new URL('/api/v1/checkout/place-order', baseUrl), {
    method: 'POST',
    headers: { 'Authorization': \`Bearer \${token}\`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await response.json()) as Placed | Problem
}

export function totals(orders: Order[]): number {
  return orders.reduce((sum, order) => sum + order.total, 0)
}

export const body: PlaceOrderBody = {
  shippingAddressId: '00000000-0000-4000-8000-000000000000',
  shippingMethodId: '00000000-0000-4000-8000-000000000000',
  paymentMethod: 'CREDIT_CARD',
  idempotencyKey: 'readme-example-1',
}

export function statusOf(order: Order): 'PENDING' | 'CONFIRMED' | 'SHIPPED' | 'DELIVERED' | 'CANCELLED' {
  return order.status
}

// @ts-expect-error amounts are numbers, not strings
export const wrongTotal: string = ({} as Order).total

// @ts-expect-error an order has no such field
export const missing = ({} as Order).grandTotal
`

test.group('Typed client', (group) => {
  let directory: string
  group.each.setup(async () => {
    directory = await mkdtemp(app.tmpPath('typed-client-'))
    return () => rm(directory, { recursive: true, force: true })
  })

  test('openapi-typescript turns the live document into types a client compiles against', async ({
    client,
  }) => {
    const served = await client.get('/openapi.json')
    served.assertStatus(200)
    const documentPath = join(directory, 'openapi.json')
    await writeFile(documentPath, served.text())

    const bin = (name: string) => app.makePath('node_modules', '.bin', name)
    await run(bin('openapi-typescript'), [documentPath, '--output', join(directory, 'api.d.ts')])
    await writeFile(join(directory, 'client.ts'), CLIENT)

    await run(bin('tsc'), [
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--lib',
      'es2022,dom',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--types',
      'node',
      join(directory, 'client.ts'),
    ]).catch((error: { stdout?: string; message: string }) => {
      throw new Error(`the typed client does not compile:\n${error.stdout ?? error.message}`)
    })
  }).timeout(60_000)
})
