import type { Cluster } from './cluster.js'
import { type Account, addressOf, signUp } from './accounts.js'
import { label, sendPatiently } from './http.js'

/** A product the harness put on sale, with the stock it started with. */
export interface SeededProduct {
  id: string
  shopId: string
  price: number
  initialStock: number
}

/**
 * A seller signs up, opens a shop that the admin approves, and lists products with the given
 * prices and stock, all through the proxy.
 */
export async function openShop(
  cluster: Cluster,
  admin: Account,
  name: string,
  sellerIndex: number,
  listings: Array<{ price: number; stock: number }>
): Promise<SeededProduct[]> {
  const base = cluster.proxy.url
  const seller = await signUp(
    cluster,
    base,
    `${name.toLowerCase().replace(/\W+/g, '-')}@sellers.example.com`,
    'seller',
    addressOf(10_000 + sellerIndex)
  )
  const shop = await sendPatiently(base, 'POST', '/api/v1/seller/shops', {
    json: { name, description: `${name}, opened by the cluster test` },
    token: seller.token,
    address: seller.address,
  })
  if (shop.status !== 201) throw new Error(`shop ${name}: ${label(shop)}`)
  const approved = await sendPatiently(base, 'PUT', `/api/v1/admin/shops/${shop.body.id}/approve`, {
    token: admin.token,
    address: admin.address,
  })
  if (approved.status !== 200) throw new Error(`approve ${name}: ${label(approved)}`)

  const products: SeededProduct[] = []
  for (const [index, listing] of listings.entries()) {
    const created = await sendPatiently(base, 'POST', '/api/v1/seller/products', {
      json: {
        shopId: shop.body.id,
        name: `${name} item ${index + 1}`,
        description: 'Sold by the cluster test',
        sku: `${name.replace(/\W+/g, '').toUpperCase()}-${index + 1}`,
        price: listing.price,
        stock: listing.stock,
        isActive: true,
      },
      token: seller.token,
      address: seller.address,
    })
    if (created.status !== 201) throw new Error(`product of ${name}: ${label(created)}`)
    products.push({
      id: created.body.id,
      shopId: shop.body.id,
      price: listing.price,
      initialStock: listing.stock,
    })
  }
  return products
}

/** A customer ready to check out: signed in, with a saved address. */
export interface Shopper extends Account {
  addressId: string
}

/** A customer signs up through the proxy and saves a delivery address. */
export async function newShopper(cluster: Cluster, index: number, tag: string): Promise<Shopper> {
  const account = await signUp(
    cluster,
    cluster.proxy.url,
    `${tag}-${index}@customers.example.com`,
    'customer',
    addressOf(index)
  )
  const saved = await sendPatiently(
    cluster.proxy.url,
    'POST',
    '/api/v1/checkout/shipping-address',
    {
      json: {
        fullName: `Customer ${index}`,
        phone: '+1 555 0100',
        line1: `${index} Cluster Street`,
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
        country: 'US',
        isDefault: true,
      },
      token: account.token,
      address: account.address,
    }
  )
  if (saved.status !== 201) throw new Error(`address of ${account.email}: ${label(saved)}`)
  return { ...account, addressId: saved.body.id }
}

/** Puts `lines` in the shopper's cart through `base`. */
export async function fillCart(
  base: string,
  shopper: Shopper,
  lines: Array<{ productId: string; quantity: number }>
) {
  for (const line of lines) {
    const added = await sendPatiently(base, 'POST', '/api/v1/cart/items', {
      json: line,
      token: shopper.token,
      address: shopper.address,
    })
    if (added.status !== 200 && added.status !== 201) {
      throw new Error(`cart of ${shopper.email}: ${label(added)}`)
    }
  }
}

/** A small deterministic random sequence, so every run buys the same things. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  return (below: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state % below
  }
}
