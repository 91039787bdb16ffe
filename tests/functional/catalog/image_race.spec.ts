import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { productOf, sellerWithShop } from '#tests/functional/catalog/support'
import { deleteCommitted } from '#tests/helpers/committed'
import { solidPng } from '#support/solid_png'
import ProductImage from '#models/product_image'

/*
| Real parallel requests on separate connections: no global transaction here, so every row this
| group writes is committed and deleted again by the cleanup.
*/
test.group('Product images under concurrent uploads', () => {
  test('with 9 images, parallel uploads: exactly one is stored, the others get 409', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { shop, user, authorization } = await sellerWithShop()
    const product = await productOf(shop)
    cleanup(async () => {
      await db.from('product_images').where('product_id', product.id).delete()
      await deleteCommitted({ users: [user.id], shops: [shop.id] })
    })
    for (let position = 1; position <= 9; position++) {
      await ProductImage.create({
        productId: product.id,
        storageKey: `products/${product.id}/${crypto.randomUUID()}.png`,
        contentType: 'image/png',
        sizeBytes: 10,
        position,
      })
    }
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        client
          .post(`/api/v1/seller/products/${product.id}/images`)
          .header('Authorization', authorization)
          .file('file', solidPng(1, 1, [index, 0, 0]), { filename: `${index}.png` })
      )
    )
    assert.deepEqual(responses.map((response) => response.status()).sort(), [201, 409, 409, 409])
    const rows = await db.from('product_images').where('product_id', product.id)
    assert.lengthOf(rows, 10)
    assert.deepEqual(
      rows.map((row) => Number(row.position)).sort((a, b) => a - b),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    )
  })
})
