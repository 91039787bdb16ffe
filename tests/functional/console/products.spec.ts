import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import Product from '#models/product'
import AdminAction from '#models/admin_action'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { ShopFactory } from '#database/factories/shop_factory'
import { ProductFactory } from '#database/factories/product_factory'
import { consoleAs, eachInTransaction, rowText, textOf } from '#tests/functional/console/support'
import { UNKNOWN_ID } from '#tests/helpers/ids'

/** Two approved shops of one seller, with a product of each kind in the first. */
async function catalog() {
  const seller = await makeUser(UserType.SELLER)
  const north = await ShopFactory.merge({ sellerId: seller.id, name: 'North' }).create()
  const south = await ShopFactory.merge({ sellerId: seller.id, name: 'South' }).create()
  const lamp = await ProductFactory.merge({
    shopId: north.id,
    name: 'Lamp',
    sku: 'LAMP-1',
    priceCents: 1999,
    stock: 12,
  }).create()
  const mug = await ProductFactory.apply('inactive')
    .merge({ shopId: north.id, name: 'Mug', sku: 'MUG-1', priceCents: 500, stock: 3 })
    .create()
  const rug = await ProductFactory.apply('outOfStock')
    .merge({ shopId: south.id, name: 'Rug', sku: 'RUG-1', priceCents: 12000 })
    .create()
  const gone = await ProductFactory.apply('deleted')
    .merge({ shopId: north.id, name: 'Gone', sku: 'GONE-1' })
    .create()
  return { north, south, lamp, mug, rug, gone }
}

/** The public catalog's answer for one product: 200 while it is on sale, 404 once it is not. */
async function catalogStatus(client: ApiClient, id: string): Promise<number> {
  const response = await client.get(`/api/v1/products/${id}`)
  return response.status()
}

/** The stored product, read afresh. */
async function stored(id: string): Promise<Product> {
  return Product.findOrFail(id)
}

/** Whether the stored product is active. */
async function isActive(id: string): Promise<boolean> {
  const product = await stored(id)
  return product.isActive
}

test.group('Console products: list', (group) => {
  // Each test counts products from none, whatever other seeds left.
  eachInTransaction(group, Product)

  test('lists every shop’s products by name with shop, price, stock and status; deleted ones are gone', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp, mug, rug } = await catalog()

    const html = await admin.page('/admin/products')
    assert.equal(rowText(assert, html, lamp.id), 'Lamp LAMP-1 North 19.99 12 active Deactivate')
    assert.equal(rowText(assert, html, mug.id), 'Mug MUG-1 North 5.00 3 inactive Activate')
    assert.equal(
      rowText(assert, html, rug.id),
      'Rug RUG-1 South 120.00 out of stock active Deactivate'
    )
    assert.isBelow(html.indexOf(lamp.id), html.indexOf(mug.id))
    assert.isBelow(html.indexOf(mug.id), html.indexOf(rug.id))
    assert.notInclude(html, 'GONE-1')
    assert.include(textOf(html), 'Products (3)')
  })

  test('filters by shop, status and stock, alone and together', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
    const { north, south, lamp, mug, rug } = await catalog()

    const listed = async (qs: Record<string, string>) => {
      const html = await admin.page('/admin/products', qs)
      return [lamp, mug, rug].filter((product) => html.includes(product.id)).map((p) => p.name)
    }
    assert.deepEqual(await listed({ shop: north.id }), ['Lamp', 'Mug'])
    assert.deepEqual(await listed({ shop: south.id.toUpperCase() }), ['Rug'])
    assert.deepEqual(await listed({ status: 'active' }), ['Lamp', 'Rug'])
    assert.deepEqual(await listed({ status: 'inactive' }), ['Mug'])
    assert.deepEqual(await listed({ stock: '0' }), ['Rug'])
    assert.deepEqual(await listed({ stock: '3' }), ['Mug', 'Rug'])
    assert.deepEqual(await listed({ shop: north.id, status: 'active', stock: '20' }), ['Lamp'])
    assert.deepEqual(await listed({ shop: '', status: '', stock: '' }), ['Lamp', 'Mug', 'Rug'])
  })

  test('the filter form keeps the chosen values', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { north } = await catalog()
    const html = await admin.page('/admin/products', {
      shop: north.id,
      status: 'inactive',
      stock: '4',
    })
    assert.include(html, `<option value="${north.id}" selected>North</option>`)
    assert.include(html, '<option value="inactive" selected>Inactive</option>')
    assert.match(html, /id="stock" name="stock"[^>]*value="4"/)
  })

  test('25 a page; the pager keeps the filters', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const seller = await makeUser(UserType.SELLER)
    const shop = await ShopFactory.merge({ sellerId: seller.id }).create()
    await ProductFactory.merge(
      Array.from({ length: 27 }, (_, index) => ({
        shopId: shop.id,
        name: `Item ${String(index).padStart(2, '0')}`,
      }))
    ).createMany(27)

    const first = await admin.page('/admin/products', { status: 'active' })
    assert.include(first, 'Item 24')
    assert.notInclude(first, 'Item 25')
    assert.include(first, 'status=active&amp;page=2')
    const second = await admin.page('/admin/products', { status: 'active', page: '2' })
    assert.include(second, 'Item 25')
    assert.include(second, 'Item 26')
    assert.notInclude(second, 'Item 24')
  })

  test('{label} is a 400 page')
    .with([
      { label: 'an unknown status', qs: { status: 'deleted' } },
      { label: 'a negative stock', qs: { stock: '-1' } },
      { label: 'a fractional stock', qs: { stock: '1.5' } },
      { label: 'a shop that is not an id', qs: { shop: 'north' } },
      { label: 'page 0', qs: { page: '0' } },
    ])
    .run(async ({ client, assert }, { qs }) => {
      const admin = await consoleAs(UserType.ADMIN, { client, assert })
      await admin.expectErrorPage('/admin/products', 400, 'This cannot be done', qs)
    })
})

test.group('Console products: activate and deactivate', (group) => {
  eachInTransaction(group)

  test('deactivating takes the product out of the public catalog and records who did it', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp } = await catalog()
    assert.equal(await catalogStatus(client, lamp.id), 200)

    const flash = await admin.submit(
      `/admin/products/${lamp.id}/deactivate`,
      '/admin/products?status=active',
      '/admin/products?status=active'
    )
    assert.equal(flash.success, 'Lamp is deactivated: it left the catalog.')
    assert.isFalse(await isActive(lamp.id))
    assert.equal(await catalogStatus(client, lamp.id), 404)

    const entries = await AdminAction.query().where('target_id', lamp.id)
    assert.deepEqual(
      entries.map((entry) => ({
        actorId: entry.actorId,
        action: entry.action,
        targetType: entry.targetType,
        changes: entry.changes,
        clientAddress: entry.clientAddress,
      })),
      [
        {
          actorId: admin.user.id,
          action: 'product.deactivated',
          targetType: 'product',
          changes: { before: { isActive: true }, after: { isActive: false } },
          clientAddress: '127.0.0.1',
        },
      ]
    )
  })

  test('activating puts the product back on sale and records it', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
    const { mug } = await catalog()
    assert.equal(await catalogStatus(client, mug.id), 404)

    const flash = await admin.submit(
      `/admin/products/${mug.id}/activate`,
      '/admin/products',
      '/admin/products'
    )
    assert.equal(flash.success, 'Mug is active.')
    assert.isTrue(await isActive(mug.id))
    assert.equal(await catalogStatus(client, mug.id), 200)

    const entries = await AdminAction.query().where('target_id', mug.id)
    assert.deepEqual(
      entries.map((entry) => [entry.action, entry.changes]),
      [['product.activated', { before: { isActive: false }, after: { isActive: true } }]]
    )
  })

  test('setting the status a product already has changes and records nothing', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp } = await catalog()
    const { updatedAt } = await stored(lamp.id)

    await admin.submit(`/admin/products/${lamp.id}/activate`, '/admin/products', '/admin/products')
    const after = await Product.findOrFail(lamp.id)
    assert.isTrue(after.isActive)
    assert.equal(after.updatedAt.toMillis(), updatedAt.toMillis())
    assert.lengthOf(await AdminAction.query().where('target_id', lamp.id), 0)
  })

  test('{label} changes nothing and records nothing')
    .with([
      { label: 'an unknown product', target: () => UNKNOWN_ID },
      { label: 'a deleted product', target: (ids: { gone: string }) => ids.gone },
    ])
    .run(async ({ client, assert }, { target }) => {
      const admin = await consoleAs(UserType.ADMIN, { client, assert })
      const { gone } = await catalog()
      const id = target({ gone: gone.id })

      await admin.expectRefused(`/admin/products/${id}/deactivate`, {
        from: '/admin/products',
        error: 'Product not found',
        stored: () => stored(gone.id).then((product) => product.serialize()),
      })
      assert.isTrue(await isActive(gone.id))
      assert.lengthOf(await AdminAction.query().where('target_id', id), 0)
    })
})
