/*
| `search`: `GET /api/v1/products?q=<word>&limit=20` over 10,000 more products, written in SQL
| (the API would take minutes), in the first seeded shop. Each product's name and description are
| words of a small vocabulary, so a word matches a few hundred products, in names and in
| descriptions: the search ranks them, counts them and pages them. The insert goes through the
| search triggers, as a seller's product would. It runs after the other read scenarios, whose
| lists it would otherwise lengthen.
*/
import { randomUUID } from 'node:crypto'
import { meters, type HttpRun } from '../lib/context.js'
import { clientAddress } from '../lib/fixture.js'
import { measure } from '../lib/load.js'
import { log } from '../lib/report.js'

/** The products added for the scenario. */
export const SEARCH_PRODUCTS = 10_000

/** Rows a statement inserts: 10 parameters each, under both databases' limits. */
const BATCH = 500

const VOCABULARY = [
  'amber',
  'basalt',
  'cedar',
  'copper',
  'denim',
  'ember',
  'fjord',
  'garnet',
  'harbor',
  'indigo',
  'juniper',
  'kelp',
  'linen',
  'maple',
  'nickel',
  'onyx',
  'pewter',
  'quartz',
  'russet',
  'slate',
  'tundra',
  'umber',
  'velvet',
  'walnut',
  'willow',
  'yarrow',
  'zinc',
  'alder',
  'birch',
  'clover',
  'dune',
  'flint',
  'grove',
  'heath',
  'ivory',
  'jasper',
  'kestrel',
  'lichen',
  'marble',
  'nectar',
  'ochre',
  'pine',
  'quill',
  'reed',
  'sable',
  'thistle',
  'umbra',
  'vale',
  'wren',
  'yew',
]
const KINDS = ['mug', 'bowl', 'plate', 'jug', 'vase', 'lamp', 'tray', 'cup', 'pot', 'dish']

/** The words searched for, in turn: each is in about 1 in 50 names and 1 in 10 descriptions. */
const SEARCHED = ['cedar', 'garnet', 'linen', 'quartz', 'walnut']

const word = (index: number) => VOCABULARY[index % VOCABULARY.length]

/** The columns of product `n`: deterministic, so every run searches the same catalog. */
function productRow(n: number, shopId: string, createdAt: unknown): unknown[] {
  const name = `${word(n)} ${KINDS[n % KINDS.length]} ${n}`
  const description = Array.from({ length: 12 }, (_, index) => word(n * 7 + index * 13)).join(' ')
  return [
    randomUUID(),
    shopId,
    name,
    description,
    `SEARCH-${n}`,
    100 + (n % 5000),
    n % 10 === 0 ? 0 : 25,
    1,
    createdAt,
    createdAt,
  ]
}

/** Adds the scenario's products in batches of one statement each. */
async function seedProducts(run: HttpRun) {
  const { connection, fixture } = run
  const [template] = await connection.query<{ shop_id: string; created_at: unknown }>(
    'select shop_id, created_at from products where id = ?',
    [fixture.productIds[0]]
  )
  const columns =
    'id, shop_id, name, description, sku, price_cents, stock, is_active, created_at, updated_at'
  const placeholders = `(${Array.from({ length: 10 }, () => '?').join(', ')})`
  for (let first = 0; first < SEARCH_PRODUCTS; first += BATCH) {
    const count = Math.min(BATCH, SEARCH_PRODUCTS - first)
    const params = Array.from({ length: count }, (_, index) =>
      productRow(first + index, template.shop_id, template.created_at)
    ).flat()
    await connection.query(
      `insert into products (${columns}) values ${Array.from({ length: count }, () => placeholders).join(', ')}`,
      params
    )
  }
  // The planner's statistics, as autovacuum would gather them soon after such an insert.
  if (connection.dialect === 'postgres') await connection.query('analyze products, product_search')
}

export async function search(run: HttpRun) {
  log(`${run.database}: seeding ${SEARCH_PRODUCTS} products for the search`)
  const started = performance.now()
  await seedProducts(run)
  log(`${run.database}: seeded in ${Math.round(performance.now() - started)} ms; search`)
  // The catalog allows 120 requests a minute per client address: every request comes from a
  // new address, as from a crowd of shoppers (as `catalog-list` does).
  let visitor = 20_000
  let next = 0
  run.report.results.push(
    await measure({
      ...meters(run),
      scenario: 'search',
      clients: 10,
      warmupOperations: 100,
      operation: async () => {
        const q = SEARCHED[next++ % SEARCHED.length]
        await run.api.expect('GET', `/api/v1/products?q=${q}&limit=20`, {
          headers: { 'x-forwarded-for': clientAddress(visitor++) },
        })
      },
    })
  )
}
