import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { productOf, sellerWithShop } from '#tests/functional/catalog/support'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

/** A T-shirt in two sizes and two colours, three of the four combinations made. */
const shirtBody = (shopId: string) => ({
  shopId,
  name: 'T-shirt',
  description: 'Organic cotton',
  options: [
    { name: 'Size', values: ['M', 'L'] },
    { name: 'Colour', values: ['Red', 'Blue'] },
  ],
  variants: [
    { sku: 'TEE-M-RED', price: 20, stock: 5, optionValues: { Size: 'M', Colour: 'Red' } },
    { sku: 'TEE-L-RED', price: 22.5, stock: 0, optionValues: { Colour: 'Red', Size: 'L' } },
    {
      sku: 'TEE-M-BLUE',
      price: 18,
      stock: 3,
      isActive: false,
      optionValues: { Size: 'M', Colour: 'Blue' },
    },
  ],
})

async function createShirt(client: ApiClient, authorization: string, shopId: string) {
  const response = await client
    .post('/api/v1/seller/products')
    .header('Authorization', authorization)
    .json(shirtBody(shopId))
  response.assertStatus(201)
  return response.body() as {
    id: string
    variants: Array<{ id: string; sku: string; stock: number; price: number }>
  }
}

const variantRows = (productId: string) =>
  db.from('product_variants').where('product_id', productId).orderBy('position', 'asc')

test.group('Product variants: the seller', (group) => {
  eachInTransaction(group)

  test('creates a product with options and its variants; the product shows the lowest price on sale', async ({
    client,
    assert,
  }) => {
    const { shop, authorization } = await sellerWithShop()
    const product = await createShirt(client, authorization, shop.id)

    assert.containsSubset(product, {
      name: 'T-shirt',
      sku: null,
      price: 20,
      stock: 5,
      inStock: true,
      options: [
        { name: 'Size', values: ['M', 'L'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
    })
    assert.deepEqual(
      product.variants.map((variant) => [variant.sku, variant.price, variant.stock]),
      [
        ['TEE-M-RED', 20, 5],
        ['TEE-L-RED', 22.5, 0],
        ['TEE-M-BLUE', 18, 3],
      ]
    )
    const rows = await variantRows(product.id)
    assert.deepEqual(
      rows.map((row) => [row.sku, Number(row.price_cents), Number(row.stock), row.option_key]),
      [
        ['TEE-M-RED', 2000, 5, '["M","Red"]'],
        ['TEE-L-RED', 2250, 0, '["L","Red"]'],
        ['TEE-M-BLUE', 1800, 3, '["M","Blue"]'],
      ]
    )
    assert.deepEqual(JSON.parse(rows[1].option_values), { Size: 'L', Colour: 'Red' })
    assert.notEqual(rows[0].id, product.id)
    const row = await db.from('products').where('id', product.id).firstOrFail()
    assert.equal(Number(row.price_cents), 2000)

    // The public catalog shows only the variants on sale.
    const shown = await client.get(`/api/v1/products/${product.id}`)
    shown.assertStatus(200)
    assert.deepEqual(
      shown.body().variants.map((variant: { sku: string }) => variant.sku),
      ['TEE-M-RED', 'TEE-L-RED']
    )
    assert.equal(shown.body().stock, 5)
  })

  test('refuses options and variants that do not fit: {$self}')
    .with([
      'four options',
      'an unknown option',
      'a value not of its option',
      'a missing value',
      'two variants alike',
      'sku beside variants',
      'options without variants',
      'variants without options',
      'option names alike',
    ])
    .run(async ({ client, assert }, kind) => {
      const { shop, authorization } = await sellerWithShop()
      const body: Record<string, unknown> = shirtBody(shop.id)
      const variant = (optionValues: Record<string, string>, sku = 'X-1') => ({
        sku,
        price: 1,
        stock: 1,
        optionValues,
      })
      const expected: Record<string, [number, string]> = {
        'four options': [400, 'VALIDATION_FAILED'],
        'an unknown option': [422, 'INVALID_VARIANT'],
        'a value not of its option': [422, 'INVALID_VARIANT'],
        'a missing value': [422, 'INVALID_VARIANT'],
        'two variants alike': [422, 'INVALID_VARIANT'],
        'sku beside variants': [422, 'INVALID_VARIANT'],
        'options without variants': [400, 'VALIDATION_FAILED'],
        'variants without options': [422, 'INVALID_VARIANT'],
        'option names alike': [422, 'INVALID_VARIANT'],
      }
      if (kind === 'four options') {
        body.options = ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] }))
      }
      if (kind === 'an unknown option') {
        body.variants = [variant({ Size: 'M', Colour: 'Red', Fit: 'Slim' })]
      }
      if (kind === 'a value not of its option') {
        body.variants = [variant({ Size: 'XXL', Colour: 'Red' })]
      }
      if (kind === 'a missing value') body.variants = [variant({ Size: 'M' })]
      if (kind === 'two variants alike') {
        body.variants = [
          variant({ Size: 'M', Colour: 'Red' }, 'A-1'),
          variant({ Colour: 'Red', Size: 'M' }, 'A-2'),
        ]
      }
      if (kind === 'sku beside variants') Object.assign(body, { sku: 'TEE' })
      if (kind === 'options without variants') delete body.variants
      if (kind === 'variants without options') delete body.options
      if (kind === 'option names alike') {
        body.options = [
          { name: 'Size', values: ['M'] },
          { name: 'size', values: ['L'] },
        ]
      }
      const response = await client
        .post('/api/v1/seller/products')
        .header('Authorization', authorization)
        .json(body)
      const [status, code] = expected[kind]
      expectProblem(assert, response, status, code)
      assert.lengthOf(await db.from('products').where('shop_id', shop.id), 0)
      assert.lengthOf(await db.from('product_variants').where('shop_id', shop.id), 0)
    })

  test('options named constructor or toString are options like any other; __proto__ is refused cleanly', async ({
    client,
    assert,
  }) => {
    const { shop, authorization } = await sellerWithShop()
    const create = (names: string[]) =>
      client
        .post('/api/v1/seller/products')
        .header('Authorization', authorization)
        .json({
          shopId: shop.id,
          name: 'Odd',
          options: names.map((name) => ({ name, values: ['a', 'b'] })),
          variants: [
            {
              sku: `ODD-${names.length}`,
              price: 1,
              stock: 1,
              optionValues: Object.fromEntries(names.map((name) => [name, 'a'])),
            },
          ],
        })
    const made = await create(['constructor', 'toString'])
    made.assertStatus(201)
    assert.deepEqual(made.body().variants[0].optionValues, { constructor: 'a', toString: 'a' })

    // Missing, it is missing: never found on Object's prototype.
    const missing = await client
      .post(`/api/v1/seller/products/${made.body().id}/variants`)
      .header('Authorization', authorization)
      .json({ sku: 'ODD-B', price: 1, stock: 1, optionValues: { toString: 'b' } })
    expectProblem(assert, missing, 422, 'INVALID_VARIANT')
    assert.lengthOf(await variantRows(made.body().id), 1)

    // The JSON parser drops __proto__ keys, so such an option can never be given a value.
    expectProblem(assert, await create(['__proto__']), 422, 'INVALID_VARIANT')
    assert.lengthOf(await db.from('products').where('shop_id', shop.id), 1)
  })

  test('the variant routes need the seller of the product', async ({ client, assert }) => {
    const { shop, authorization } = await sellerWithShop()
    const product = await createShirt(client, authorization, shop.id)
    const [first] = product.variants
    const base = `/api/v1/seller/products/${product.id}/variants`
    const body = {
      sku: 'TEE-L-BLUE',
      price: 1,
      stock: 1,
      optionValues: { Size: 'L', Colour: 'Blue' },
    }
    await expectRoleMatrix(
      assert,
      [
        () => client.post(base).json(body),
        () => client.put(`${base}/${first.id}`).json({ stock: 1 }),
        () => client.delete(`${base}/${first.id}`),
      ],
      { refused: allBut(UserType.SELLER) }
    )
    const other = await actor(UserType.SELLER)
    for (const request of [
      client.post(base).json(body),
      client.put(`${base}/${first.id}`).json({ stock: 99 }),
      client.delete(`${base}/${first.id}`),
    ]) {
      expectProblem(
        assert,
        await request.header('Authorization', other.authorization),
        404,
        'PRODUCT_NOT_FOUND'
      )
    }
    const rows = await variantRows(product.id)
    assert.lengthOf(rows, 3)
    assert.equal(Number(rows[0].stock), 5)
    assert.isNull(rows[0].deleted_at)
  })

  test('adds, changes and deletes variants; the product keeps its lowest price and one variant at least', async ({
    client,
    assert,
  }) => {
    const { shop, authorization } = await sellerWithShop()
    const product = await createShirt(client, authorization, shop.id)
    const base = `/api/v1/seller/products/${product.id}/variants`
    const send = (method: 'post' | 'put' | 'delete', url: string, body?: object) => {
      const request = client[method](url).header('Authorization', authorization)
      return body ? request.json(body) : request
    }

    const added = await send('post', base, {
      sku: 'tee-l-blue',
      price: 9.99,
      stock: 4,
      optionValues: { Size: 'L', Colour: 'Blue' },
    })
    added.assertStatus(201)
    assert.equal(added.body().price, 9.99)
    const blue = added.body().variants.find((v: { sku: string }) => v.sku === 'TEE-L-BLUE')
    assert.exists(blue)

    // The same combination, or a SKU of the shop, again is refused.
    const alike = await send('post', base, {
      sku: 'TEE-OTHER',
      price: 1,
      stock: 1,
      optionValues: { Size: 'L', Colour: 'Blue' },
    })
    expectProblem(assert, alike, 422, 'INVALID_VARIANT')
    const other = await productOf(shop, { sku: 'MUG-1' })
    const taken = await send('put', `${base}/${blue.id}`, { sku: 'mug-1' })
    expectProblem(assert, taken, 409, 'SKU_EXISTS')
    const untouched = await db.from('product_variants').where('id', other.id).firstOrFail()
    assert.equal(untouched.sku, 'MUG-1')

    const changed = await send('put', `${base}/${blue.id}`, { price: 30, stock: 2 })
    changed.assertStatus(200)
    assert.equal(changed.body().price, 20)
    const stored = await db.from('product_variants').where('id', blue.id).firstOrFail()
    assert.deepEqual([Number(stored.price_cents), Number(stored.stock)], [3000, 2])

    expectProblem(
      assert,
      await send('put', `${base}/${UNKNOWN_ID}`, { stock: 1 }),
      404,
      'VARIANT_NOT_FOUND'
    )
    const moved = await send('put', `${base}/${blue.id}`, {
      optionValues: { Size: 'M', Colour: 'Red' },
    })
    expectProblem(assert, moved, 422, 'INVALID_VARIANT')

    for (const variant of product.variants) {
      const deleted = await send('delete', `${base}/${variant.id}`)
      deleted.assertStatus(200)
    }
    expectProblem(assert, await send('delete', `${base}/${blue.id}`), 409, 'LAST_VARIANT')
    const live = await variantRows(product.id).whereNull('deleted_at')
    assert.deepEqual(
      live.map((row) => row.sku),
      ['TEE-L-BLUE']
    )
    const row = await db.from('products').where('id', product.id).firstOrFail()
    assert.equal(Number(row.price_cents), 3000)
    // A deleted variant's SKU may be used again.
    const reused = await send('post', base, {
      sku: 'TEE-M-RED',
      price: 5,
      stock: 1,
      optionValues: { Size: 'M', Colour: 'Red' },
    })
    reused.assertStatus(201)
  })

  test('SKU, price and stock of a product with options change per variant; options only gain values', async ({
    client,
    assert,
  }) => {
    const { shop, authorization } = await sellerWithShop()
    const product = await createShirt(client, authorization, shop.id)
    const put = (body: object) =>
      client
        .put(`/api/v1/seller/products/${product.id}`)
        .header('Authorization', authorization)
        .json(body)

    expectProblem(assert, await put({ stock: 10 }), 409, 'PRODUCT_HAS_VARIANTS')
    expectProblem(
      assert,
      await put({ options: [{ name: 'Size', values: ['M', 'L'] }] }),
      422,
      'INVALID_VARIANT'
    )
    expectProblem(
      assert,
      await put({
        options: [
          { name: 'Size', values: ['M'] },
          { name: 'Colour', values: ['Red', 'Blue'] },
        ],
      }),
      422,
      'INVALID_VARIANT'
    )
    const grown = await put({
      options: [
        { name: 'Size', values: ['M', 'L', 'XL'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
    })
    grown.assertStatus(200)
    assert.deepEqual(grown.body().options[0].values, ['M', 'L', 'XL'])
    const rows = await variantRows(product.id)
    assert.deepEqual(
      rows.map((row) => Number(row.stock)),
      [5, 0, 3]
    )

    // A product without options: adding a variant is refused, its own fields change its variant.
    const plain = await productOf(shop, { stock: 2 })
    const refused = await client
      .post(`/api/v1/seller/products/${plain.id}/variants`)
      .header('Authorization', authorization)
      .json({ sku: 'P-2', price: 1, stock: 1, optionValues: {} })
    expectProblem(assert, refused, 422, 'INVALID_VARIANT')
  })

  test('deleting the product frees its variants’ SKUs', async ({ client, assert }) => {
    const { shop, authorization } = await sellerWithShop()
    const product = await createShirt(client, authorization, shop.id)
    const deleted = await client
      .delete(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
    deleted.assertStatus(200)
    const live = await variantRows(product.id).whereNull('deleted_at')
    assert.lengthOf(live, 0)
    await createShirt(client, authorization, shop.id)
  })
})

test.group('Product variants: the catalog', (group) => {
  eachInTransaction(group)

  test('inStock and the price bounds judge the variants on sale only', async ({
    client,
    assert,
  }) => {
    const { shop, authorization } = await sellerWithShop()
    const product = await createShirt(client, authorization, shop.id)
    const [red] = product.variants
    const listed = async (query: Record<string, unknown>) => {
      const response = await client.get('/api/v1/products').qs({ shopId: shop.id, ...query })
      response.assertStatus(200)
      return response.body().items.map((item: { id: string }) => item.id)
    }
    assert.deepEqual(await listed({ inStock: true }), [product.id])
    assert.deepEqual(await listed({ minPrice: 19, maxPrice: 20 }), [product.id])
    // The inactive blue one at 18.00 neither sets the price nor counts as stock.
    assert.deepEqual(await listed({ maxPrice: 19 }), [])

    const soldOut = await client
      .put(`/api/v1/seller/products/${product.id}/variants/${red.id}`)
      .header('Authorization', authorization)
      .json({ stock: 0 })
    soldOut.assertStatus(200)
    assert.deepEqual(await listed({ inStock: true }), [])
    assert.deepEqual(await listed({ inStock: false }), [product.id])
  })
})

test.group('Product variants: the cart', (group) => {
  eachInTransaction(group)

  async function shirtOnSale(client: ApiClient) {
    const { shop, authorization } = await sellerWithShop()
    const product = await createShirt(client, authorization, shop.id)
    const [red, largeRed, blue] = product.variants
    return { shop, product, red, largeRed, blue, sellerAuthorization: authorization }
  }

  const add = (client: ApiClient, authorization: string, body: object) =>
    client.post('/api/v1/cart/items').header('Authorization', authorization).json(body)

  test('a product with options is added by variant; each variant is its own line', async ({
    client,
    assert,
  }) => {
    const { product, red } = await shirtOnSale(client)
    const customer = await actor(UserType.CUSTOMER)

    expectProblem(
      assert,
      await add(client, customer.authorization, { productId: product.id, quantity: 1 }),
      422,
      'VARIANT_REQUIRED'
    )
    const stranger = await sellerWithShop()
    const other = await productOf(stranger.shop)
    expectProblem(
      assert,
      await add(client, customer.authorization, {
        productId: product.id,
        variantId: other.id,
        quantity: 1,
      }),
      404,
      'VARIANT_NOT_FOUND'
    )
    expectProblem(
      assert,
      await add(client, customer.authorization, {
        productId: other.id,
        variantId: red.id,
        quantity: 1,
      }),
      404,
      'VARIANT_NOT_FOUND'
    )
    assert.lengthOf(await db.from('cart_items').where('user_id', customer.user.id), 0)

    const added = await add(client, customer.authorization, {
      productId: product.id,
      variantId: red.id,
      quantity: 2,
    })
    added.assertStatus(200)
    assert.containsSubset(added.body().items, [
      {
        productId: product.id,
        variantId: red.id,
        sku: 'TEE-M-RED',
        optionValues: { Size: 'M', Colour: 'Red' },
        unitPrice: 20,
        quantity: 2,
        stock: 5,
      },
    ])
    const lines = await db.from('cart_items').where('user_id', customer.user.id)
    assert.deepEqual(
      lines.map((line) => [line.product_id, line.variant_id, Number(line.quantity)]),
      [[product.id, red.id, 2]]
    )

    // The variant's own stock limits the line; the cart names a line by its variant.
    expectProblem(
      assert,
      await add(client, customer.authorization, {
        productId: product.id,
        variantId: red.id,
        quantity: 4,
      }),
      422,
      'INSUFFICIENT_STOCK'
    )
    const set = await client
      .put(`/api/v1/cart/items/${red.id}`)
      .header('Authorization', customer.authorization)
      .json({ quantity: 5 })
    set.assertStatus(200)
    const removed = await client
      .delete(`/api/v1/cart/items/${red.id}`)
      .header('Authorization', customer.authorization)
    removed.assertStatus(200)
    assert.lengthOf(await db.from('cart_items').where('user_id', customer.user.id), 0)
  })

  test('an inactive or deleted variant cannot be added, and a line of one is unavailable', async ({
    client,
    assert,
  }) => {
    const { product, red, blue, sellerAuthorization } = await shirtOnSale(client)
    const customer = await actor(UserType.CUSTOMER)
    expectProblem(
      assert,
      await add(client, customer.authorization, {
        productId: product.id,
        variantId: blue.id,
        quantity: 1,
      }),
      409,
      'PRODUCT_UNAVAILABLE'
    )
    const added = await add(client, customer.authorization, {
      productId: product.id,
      variantId: red.id,
      quantity: 1,
    })
    added.assertStatus(200)
    await client
      .put(`/api/v1/seller/products/${product.id}/variants/${red.id}`)
      .header('Authorization', sellerAuthorization)
      .json({ isActive: false })
    const cart = await client.get('/api/v1/cart').header('Authorization', customer.authorization)
    assert.isFalse(cart.body().items[0].available)
    assert.equal(cart.body().subTotal, 0)
  })
})
