/*
| What every HTTP scenario works with: the shops, products, coupon and customers the benchmark
| seeds (through the API, customers copied in SQL), the pool placements take customers from, and
| the requests the placement scenarios send.
*/
import { randomUUID } from 'node:crypto'
import type { BenchDatabase } from './database.js'
import type { HttpClient } from './http.js'
import { WEBHOOK_EVENTS } from '../../app/enums/webhook_event.js'

export const PASSWORD = 'Bench-Lantern-4821'
export const ADMIN_EMAIL = 'bench-admin@example.com'
/** New place-order keys a customer may use a minute is 10; the benchmark stays below. */
const PLACEMENTS_PER_CUSTOMER = 9
/** Customers kept for the read scenarios (cart, summary), each with a ten-line cart. */
export const READERS = 10

/** A customer of the benchmark: its rows and, once logged in, its access token. */
export interface Customer {
  id: string
  email: string
  addressId: string
  token?: string
  sessionId?: string
  placements: number
}

/** What seeding created and every scenario uses. */
export interface Fixture {
  methodId: string
  couponCode: string
  productIds: string[]
  hotProductId: string
  template: Customer
  customers: Customer[]
}

/** An address per simulated client, from the benchmarking range 198.18.0.0/15. */
export const clientAddress = (index: number) => `198.18.${(index >> 8) & 255}.${index & 255}`

/**
 * Registers an account and marks its e-mail verified in SQL: the code is sealed in the outbox
 * (encrypted with the server's APP_KEY) and never delivered here (the worker is off), and
 * verification is not what the benchmark measures.
 */
async function verifiedAccount(
  api: HttpClient,
  database: BenchDatabase,
  email: string,
  userType: 'seller' | 'customer',
  address: string
) {
  const headers = { 'x-forwarded-for': address }
  const registered = await api.expect('POST', '/auth/register', {
    body: { email, password: PASSWORD, userType },
    headers,
  })
  await database.query('update users set email_verified_at = current_timestamp where id = ?', [
    registered.data.id,
  ])
  const login = await api.expect('POST', '/auth/login', {
    body: { email, password: PASSWORD, userType },
    headers,
  })
  return { id: registered.data.id as string, token: login.data.accessToken as string }
}

export const bearer = (token: string, client: number) => ({
  'authorization': `Bearer ${token}`,
  'x-forwarded-for': clientAddress(client + 1),
})

/** The session (refresh-token family) an access token belongs to, read from its payload. */
export const sessionOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sid as string

/**
 * Shops, products, a coupon and a template customer through the API; then `customers` customers
 * copied from the template (with its address) in SQL, since registering each through the API
 * would take minutes of password hashing and e-mail codes.
 */
export async function seed(
  api: HttpClient,
  database: BenchDatabase,
  customers: number
): Promise<Fixture> {
  const adminLogin = await api.expect('POST', '/auth/login', {
    body: { email: ADMIN_EMAIL, password: PASSWORD, userType: 'admin' },
    headers: { 'x-forwarded-for': clientAddress(9000) },
  })
  const admin = adminLogin.data.accessToken as string
  const seller = await verifiedAccount(
    api,
    database,
    'bench-seller@example.com',
    'seller',
    clientAddress(9001)
  )
  const asSeller = { authorization: `Bearer ${seller.token}` }
  const asAdmin = { authorization: `Bearer ${admin}` }

  const productIds: string[] = []
  for (let s = 0; s < 5; s++) {
    const shop = await api.expect('POST', '/api/v1/seller/shops', {
      body: { name: `Bench shop ${s}`, description: 'Bench' },
      headers: asSeller,
    })
    await api.expect('PUT', `/api/v1/admin/shops/${shop.id}/approve`, { headers: asAdmin })
    for (let p = 0; p < 40; p++) {
      const product = await api.expect('POST', '/api/v1/seller/products', {
        body: {
          shopId: shop.id,
          name: `Mug ${s}-${p}`,
          sku: `B-${s}-${p}`,
          price: 10 + p,
          stock: 1_000_000,
        },
        headers: asSeller,
      })
      productIds.push(product.id)
    }
  }
  const couponCode = 'BENCH10'
  await api.expect('POST', '/api/v1/admin/coupons', {
    body: {
      code: couponCode,
      discountType: 'PERCENTAGE',
      discountValue: 10,
      minOrderAmount: 0,
      maxDiscountAmount: null,
      startDate: '2020-01-01T00:00:00',
      endDate: '2099-12-31T23:59:59',
      usageLimit: null,
      isActive: true,
    },
    headers: asAdmin,
  })

  const templateEmail = 'bench-customer@example.com'
  const templateAccount = await verifiedAccount(
    api,
    database,
    templateEmail,
    'customer',
    clientAddress(9002)
  )
  const asTemplate = { authorization: `Bearer ${templateAccount.token}` }
  const address = await api.expect('POST', '/api/v1/checkout/shipping-address', {
    body: {
      fullName: 'Ada Bench',
      phone: '+1 555 0100',
      line1: '1 Market St',
      city: 'San Francisco',
      state: 'CA',
      postalCode: '94105',
      country: 'US',
      isDefault: true,
    },
    headers: asTemplate,
  })
  // The readers' cart: ten lines over five shops.
  for (let i = 0; i < 10; i++) {
    await api.expect('POST', '/api/v1/cart/items', {
      body: { productId: productIds[i * 19], quantity: 2 },
      headers: asTemplate,
    })
  }
  const methods = await api.expect('GET', '/api/v1/checkout/shipping-method', {
    headers: asTemplate,
  })

  const emails = Array.from({ length: customers }, (_unused, i) => `bench-${i}@example.com`)
  const ids = await database.cloneRow(
    'users',
    templateAccount.id,
    emails.map((email) => ({ email }))
  )
  const addressIds = await database.cloneRow(
    'shipping_addresses',
    address.id,
    ids.map((userId) => ({ user_id: userId }))
  )
  return {
    methodId: methods.items[0].id,
    couponCode,
    productIds,
    hotProductId: productIds[0],
    template: {
      id: templateAccount.id,
      email: templateEmail,
      addressId: address.id,
      token: templateAccount.token,
      placements: 0,
    },
    customers: ids.map((id, i) => ({
      id,
      email: emails[i],
      addressId: addressIds[i],
      placements: 0,
    })),
  }
}

/** Copies the template's cart lines to each of `customers`. */
export async function copyCart(database: BenchDatabase, fromUserId: string, customers: Customer[]) {
  const lines = await database.query<{ id: string }>(
    'select id from cart_items where user_id = ?',
    [fromUserId]
  )
  for (const line of lines) {
    await database.cloneRow(
      'cart_items',
      line.id,
      customers.map((customer) => ({ user_id: customer.id }))
    )
  }
}

/** Hands out customers for placements, each one used for at most `PLACEMENTS_PER_CUSTOMER`. */
export class CustomerPool {
  #next = 0
  constructor(private customers: Customer[]) {}

  /** A customer with a placement left, or undefined when they are all used up. */
  take(current?: Customer): Customer | undefined {
    if (current && current.placements < PLACEMENTS_PER_CUSTOMER) return current
    return this.#next < this.customers.length ? this.customers[this.#next++] : undefined
  }

  /** The customers not yet handed out, left in the pool (they may still be taken later). */
  remaining(): Customer[] {
    return this.customers.slice(this.#next)
  }

  get left() {
    return this.customers.length - this.#next
  }
}

export async function placeOrder(
  api: HttpClient,
  fixture: Fixture,
  customer: Customer,
  client: number,
  key = `bench-${randomUUID()}`,
  paymentMethod: 'CASH_ON_DELIVERY' | 'CREDIT_CARD' = 'CASH_ON_DELIVERY'
) {
  const reply = await api.request('POST', '/api/v1/checkout/place-order', {
    body: {
      shippingAddressId: customer.addressId,
      shippingMethodId: fixture.methodId,
      paymentMethod,
      idempotencyKey: key,
    },
    headers: bearer(customer.token!, client),
  })
  if (reply.status !== 201)
    throw new Error(`place-order: HTTP ${reply.status} ${JSON.stringify(reply.body)}`)
  customer.placements += 1
  return reply
}

/** One add-item → summary → place-order loop of `customer`, one unit of the hot product. */
export async function orderLoop(
  api: HttpClient,
  fixture: Fixture,
  customer: Customer,
  client: number,
  key?: string
) {
  const headers = bearer(customer.token!, client)
  await api.expect('POST', '/api/v1/cart/items', {
    body: { productId: fixture.hotProductId, quantity: 1 },
    headers,
  })
  await api.expect('POST', '/api/v1/checkout/summary', {
    body: { shippingAddressId: customer.addressId, shippingMethodId: fixture.methodId },
    headers,
  })
  await placeOrder(api, fixture, customer, client, key)
}

/**
 * Registers `count` webhook endpoints subscribed to every event, as an administrator would. Their
 * address is never called: the benchmark's server runs no outbox worker, so what is measured is
 * the placement writing its events (docs/performance.md, "Webhook endpoints and the placement").
 */
export async function subscribeWebhookEndpoints(api: HttpClient, count: number) {
  if (count === 0) return
  const login = await api.expect('POST', '/auth/login', {
    body: { email: ADMIN_EMAIL, password: PASSWORD, userType: 'admin' },
  })
  const headers = { authorization: `Bearer ${login.data.accessToken as string}` }
  for (let index = 0; index < count; index++) {
    await api.expect('POST', '/api/v1/admin/webhooks', {
      body: { url: `https://127.0.0.1:${9 + index}/hooks`, events: [...WEBHOOK_EVENTS] },
      headers,
    })
  }
}
