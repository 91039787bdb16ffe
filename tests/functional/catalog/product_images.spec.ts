import { existsSync, readdirSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'
import { productOf, sellerWithShop } from '#tests/functional/catalog/support'
import { solidPng } from '#support/solid_png'
import ProductImage from '#models/product_image'
import env from '#start/env'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const KEY = /^products\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/

const imagesUrl = (productId: string) => `/api/v1/seller/products/${productId}/images`
const uploadsRoot = () => app.makePath(env.get('DRIVE_LOCATION'))
const stored = (storageKey: string) => existsSync(`${uploadsRoot()}/${storageKey}`)
const filesOf = (productId: string) => {
  const directory = `${uploadsRoot()}/products/${productId}`
  return existsSync(directory) ? readdirSync(directory) : []
}

/** The smallest JPEG file-type recognises: SOI, then a marker. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])

async function sellerProduct() {
  const seller = await sellerWithShop()
  const product = await productOf(seller.shop)
  return { ...seller, product }
}

test.group('Product images: who may call', (group) => {
  eachInTransaction(group)

  test('every route needs a seller token', async ({ client, assert }) => {
    const { product } = await sellerProduct()
    const png = solidPng(2, 2, [1, 2, 3])
    const routes = [
      () => client.post(imagesUrl(product.id)).file('file', png, { filename: 'a.png' }),
      () => client.put(imagesUrl(product.id)).json({ imageIds: [UNKNOWN_ID] }),
      () => client.delete(`${imagesUrl(product.id)}/${UNKNOWN_ID}`),
    ]
    await expectRoleMatrix(assert, routes, { refused: allBut(UserType.SELLER) })
    assert.lengthOf(await db.from('product_images'), 0)
    assert.lengthOf(filesOf(product.id), 0)
  })
})

test.group('POST /api/v1/seller/products/{id}/images', (group) => {
  eachInTransaction(group)

  test('stores PNG, JPEG and WebP under keys of its own, in order, served cached', async ({
    client,
    assert,
  }) => {
    const { product, authorization } = await sellerProduct()
    const png = solidPng(4, 3, [200, 10, 10])
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x1a, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(18),
    ])
    const bodies = []
    for (const [bytes, filename] of [
      [png, 'red.png'],
      [JPEG, 'photo.jpeg'],
      [webp, 'pic.webp'],
    ] as const) {
      const response = await client
        .post(imagesUrl(product.id))
        .header('Authorization', authorization)
        .file('file', bytes, { filename })
      response.assertStatus(201)
      bodies.push(response.body())
    }
    assert.deepEqual(
      bodies.map((body) => [body.position, body.contentType]),
      [
        [1, 'image/png'],
        [2, 'image/jpeg'],
        [3, 'image/webp'],
      ]
    )
    const rows = await db.from('product_images').where('product_id', product.id)
    assert.lengthOf(rows, 3)
    for (const row of rows) {
      assert.match(row.storage_key, KEY)
      assert.isTrue(stored(row.storage_key))
    }

    const served = await client.get(bodies[0].url)
    served.assertStatus(200)
    assert.equal(served.header('content-type'), 'image/png')
    assert.equal(served.header('cache-control'), 'public, max-age=31536000, immutable')
    assert.equal(served.header('x-content-type-options'), 'nosniff')

    const read = await client
      .get(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', authorization)
    assert.deepEqual(read.body().images, bodies)
  })

  test('a file claiming to be a JPEG but not is refused, and nothing is stored', async ({
    client,
    assert,
  }) => {
    const { product, authorization } = await sellerProduct()
    const cases = [
      [Buffer.from('<?php echo "hi"; ?>'), 'photo.jpg', 'image/jpeg'],
      [Buffer.from('GIF89a\u0001\u0000\u0001\u0000'), 'animated.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg', 'image/svg+xml'],
      [Buffer.from([0xff, 0xd8]), 'short.jpg', 'image/jpeg'],
    ] as const
    for (const [bytes, filename, contentType] of cases) {
      const response = await client
        .post(imagesUrl(product.id))
        .header('Authorization', authorization)
        .file('file', bytes, { filename, contentType })
      expectProblem(assert, response, 415, 'IMAGE_TYPE_UNSUPPORTED')
    }
    assert.lengthOf(await db.from('product_images'), 0)
    assert.lengthOf(filesOf(product.id), 0)
  })

  test('an over-size file is a 413 and nothing is stored', async ({ client, assert }) => {
    const { product, authorization } = await sellerProduct()
    const big = Buffer.concat([solidPng(1, 1, [0, 0, 0]), Buffer.alloc(5 * 1024 * 1024)])
    const response = await client
      .post(imagesUrl(product.id))
      .header('Authorization', authorization)
      .file('file', big, { filename: 'big.png' })
    expectProblem(assert, response, 413, 'IMAGE_TOO_LARGE')
    assert.lengthOf(await db.from('product_images'), 0)
    assert.lengthOf(filesOf(product.id), 0)
  })

  test('path tricks in the file name are harmless', async ({ client, assert }) => {
    const { product, authorization } = await sellerProduct()
    for (const filename of [
      '../../../../etc/passwd.png',
      '..\\..\\evil.png',
      '/absolute/path.png',
      '%2e%2e%2fencoded.png',
      'nul\u0000byte.png',
    ]) {
      const response = await client
        .post(imagesUrl(product.id))
        .header('Authorization', authorization)
        .file('file', solidPng(1, 1, [9, 9, 9]), { filename })
      response.assertStatus(201)
      assert.match(response.body().url, /^\/media\/products\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png$/)
    }
    const rows = await db.from('product_images').where('product_id', product.id)
    assert.lengthOf(rows, 5)
    for (const row of rows) assert.match(row.storage_key, KEY)
    assert.lengthOf(filesOf(product.id), 5)
    assert.isFalse(existsSync(`${uploadsRoot()}/../../etc/passwd.png`))
    assert.isFalse(existsSync(app.makePath('evil.png')))
  })

  test('the 11th image is a 409 and its file is not kept', async ({ client, assert }) => {
    const { product, authorization } = await sellerProduct()
    for (let position = 1; position <= 10; position++) {
      await ProductImage.create({
        productId: product.id,
        storageKey: `products/${product.id}/${crypto.randomUUID()}.png`,
        contentType: 'image/png',
        sizeBytes: 10,
        position,
      })
    }
    const response = await client
      .post(imagesUrl(product.id))
      .header('Authorization', authorization)
      .file('file', solidPng(1, 1, [0, 0, 0]), { filename: 'eleven.png' })
    expectProblem(assert, response, 409, 'IMAGE_LIMIT_REACHED')
    assert.lengthOf(await db.from('product_images').where('product_id', product.id), 10)
    assert.lengthOf(filesOf(product.id), 0)
  })

  test("another seller's product, an unknown one, or no file", async ({ client, assert }) => {
    const { product } = await sellerProduct()
    const other = await sellerProduct()
    for (const id of [product.id, UNKNOWN_ID]) {
      const response = await client
        .post(imagesUrl(id))
        .header('Authorization', other.authorization)
        .file('file', solidPng(1, 1, [0, 0, 0]), { filename: 'x.png' })
      expectProblem(assert, response, 404, 'PRODUCT_NOT_FOUND')
    }
    const missing = await client
      .post(imagesUrl(other.product.id))
      .header('Authorization', other.authorization)
      .field('name', 'no file')
    expectProblem(assert, missing, 400, 'IMAGE_MISSING')
    assert.lengthOf(await db.from('product_images'), 0)
    assert.lengthOf(filesOf(product.id), 0)
  })
})

test.group('Reordering and deleting images', (group) => {
  eachInTransaction(group)

  test('reorders; a list that is not every image once is a 422', async ({ client, assert }) => {
    const seller = await sellerWithShop()
    const product = await productOf(seller.shop)
    const ids: string[] = []
    for (let index = 0; index < 3; index++) {
      const response = await client
        .post(imagesUrl(product.id))
        .header('Authorization', seller.authorization)
        .file('file', solidPng(1, 1, [index, 0, 0]), { filename: `${index}.png` })
      ids.push(response.body().id)
    }
    const reordered = [ids[2], ids[0], ids[1]]
    const response = await client
      .put(imagesUrl(product.id))
      .header('Authorization', seller.authorization)
      .json({ imageIds: reordered })
    response.assertStatus(200)
    assert.deepEqual(
      response
        .body()
        .items.map((item: { id: string; position: number }) => [item.id, item.position]),
      [
        [ids[2], 1],
        [ids[0], 2],
        [ids[1], 3],
      ]
    )
    for (const imageIds of [
      [ids[0], ids[1]],
      [ids[0], ids[0], ids[1]],
      [...ids, UNKNOWN_ID],
    ]) {
      const refused = await client
        .put(imagesUrl(product.id))
        .header('Authorization', seller.authorization)
        .json({ imageIds })
      expectProblem(assert, refused, 422, 'IMAGE_ORDER_MISMATCH')
    }
    const bad = await client
      .put(imagesUrl(product.id))
      .header('Authorization', seller.authorization)
      .json({ imageIds: 'nope' })
    expectProblem(assert, bad, 400, 'VALIDATION_FAILED')
    const other = await sellerWithShop()
    const foreign = await client
      .put(imagesUrl(product.id))
      .header('Authorization', other.authorization)
      .json({ imageIds: reordered })
    expectProblem(assert, foreign, 404, 'PRODUCT_NOT_FOUND')
    const rows = await db.from('product_images').orderBy('position', 'asc')
    assert.deepEqual(
      rows.map((row) => row.id),
      reordered
    )
  })

  test('deletes an image and its file; the rest move up', async ({ client, assert }) => {
    const seller = await sellerWithShop()
    const product = await productOf(seller.shop)
    const ids: string[] = []
    for (let index = 0; index < 3; index++) {
      const response = await client
        .post(imagesUrl(product.id))
        .header('Authorization', seller.authorization)
        .file('file', solidPng(1, 1, [index, 0, 0]), { filename: `${index}.png` })
      ids.push(response.body().id)
    }
    const [first] = await db.from('product_images').where('id', ids[0])
    const other = await sellerWithShop()
    const foreign = await client
      .delete(`${imagesUrl(product.id)}/${ids[0]}`)
      .header('Authorization', other.authorization)
    expectProblem(assert, foreign, 404, 'PRODUCT_NOT_FOUND')
    const unknown = await client
      .delete(`${imagesUrl(product.id)}/${UNKNOWN_ID}`)
      .header('Authorization', seller.authorization)
    expectProblem(assert, unknown, 404, 'IMAGE_NOT_FOUND')
    assert.isTrue(stored(first.storage_key))

    const response = await client
      .delete(`${imagesUrl(product.id)}/${ids[0]}`)
      .header('Authorization', seller.authorization)
    response.assertStatus(200)
    response.assertBody({ id: ids[0], deleted: true })
    assert.isFalse(stored(first.storage_key))
    const rows = await db.from('product_images').orderBy('position', 'asc')
    assert.deepEqual(
      rows.map((row) => [row.id, row.position]),
      [
        [ids[1], 1],
        [ids[2], 2],
      ]
    )
  })

  test("deleting the product removes its images' files", async ({ client, assert }) => {
    const seller = await sellerWithShop()
    const product = await productOf(seller.shop)
    for (let index = 0; index < 2; index++) {
      await client
        .post(imagesUrl(product.id))
        .header('Authorization', seller.authorization)
        .file('file', solidPng(1, 1, [index, 0, 0]), { filename: `${index}.png` })
    }
    assert.lengthOf(filesOf(product.id), 2)
    const response = await client
      .delete(`/api/v1/seller/products/${product.id}`)
      .header('Authorization', seller.authorization)
    response.assertStatus(200)
    assert.lengthOf(filesOf(product.id), 0)
    assert.lengthOf(await db.from('product_images').where('product_id', product.id), 0)
  })

  test('the media route serves only keys of its own form', async ({ client, assert }) => {
    for (const path of [
      '/media/../config/app.ts',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/products/x/y.png',
      `/media/products/${UNKNOWN_ID}/${UNKNOWN_ID}.png`,
      '/media/.env',
    ]) {
      const response = await client.get(path)
      assert.equal(response.status(), 404, path)
      assert.notInclude(response.text(), 'APP_KEY')
    }
  })
})
