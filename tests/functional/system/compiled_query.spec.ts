/*
| CompiledQuery (app/queries/compiled_query.ts): the hot reads send SQL compiled once, so what it
| sends must be what the query builder would have run, for every new value, on both databases.
*/
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Product from '#models/product'
import { CompiledQuery } from '#queries/compiled_query'
import { productOnSale } from '#tests/functional/catalog/support'
import { eachInTransaction } from '#tests/helpers/transactions'

/** The products of one shop, on sale, cheapest first: scopes, a `whereHas` and a parameter. */
const build = (client = db.connection(), shopId: string) =>
  Product.query({ client })
    .withScopes((scopes) => scopes.onSale())
    .where('products.shop_id', shopId)
    .orderBy('products.price_cents', 'asc')

test.group('CompiledQuery', (group) => {
  eachInTransaction(group)

  test('answers what the query builder answers, for each new value', async ({ assert }) => {
    const query = new CompiledQuery<[shopId: string]>(1, (client, shopId) => build(client, shopId))
    const first = await productOnSale({ priceCents: 300 })
    const second = await productOnSale({ priceCents: 100 })
    for (const { shop } of [first, second, first]) {
      const expected = await build(undefined, shop.id)
      const models = await query.models(Product, [shop.id])
      assert.deepEqual(
        models.map((model) => model.serialize()),
        expected.map((model) => model.serialize())
      )
      assert.isTrue(models.every((model) => model.$isPersisted))
      const rows = await query.rows<{ id: string }>([shop.id])
      assert.deepEqual(
        rows.map((row) => row.id),
        expected.map((model) => model.id)
      )
    }
  })

  test('refuses a parameter that is not a bound value', async ({ assert }) => {
    const query = new CompiledQuery<[shopId: string]>(1, (client, shopId) =>
      Product.query({ client }).whereRaw(`products.shop_id = '${shopId}'`)
    )
    await assert.rejects(() => query.rows(['x']), /parameter 0 of a compiled query/)
  })

  test('refuses a model whose reads run hooks', async ({ assert }) => {
    class HookedProduct extends Product {}
    HookedProduct.boot()
    HookedProduct.before('find', () => {})
    const query = new CompiledQuery<[shopId: string]>(1, (client, shopId) => build(client, shopId))
    await assert.rejects(
      () => query.models(HookedProduct, ['x']),
      /HookedProduct has find or fetch hooks/
    )
  })
})
