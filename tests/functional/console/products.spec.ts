import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import Product from '#models/product'
import AdminAction from '#models/admin_action'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { ShopFactory } from '#database/factories/shop_factory'
import { ProductFactory } from '#database/factories/product_factory'
import { consoleAs, rowText, textOf } from '#tests/functional/console/support'
import { UNKNOWN_ID } from '#tests/helpers/ids'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { formAction } from '#tests/helpers/routes'
import Category from '#models/category'
import ProductImage from '#models/product_image'
import db from '@adonisjs/lucid/services/db'

/**
 * Two approved shops of one seller, with a product of each kind: active, inactive, out of stock,
 * taken down by an administrator and deleted.
 */
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
  const tray = await ProductFactory.apply('takenDown')
    .merge({ shopId: south.id, name: 'Tray', sku: 'TRAY-1', priceCents: 3000, stock: 5 })
    .create()
  const gone = await ProductFactory.apply('deleted')
    .merge({ shopId: north.id, name: 'Gone', sku: 'GONE-1' })
    .create()
  return { north, south, lamp, mug, rug, tray, gone }
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

/** The stored product's seller switch and takedown, as plain values. */
async function availability(id: string) {
  const product = await stored(id)
  return {
    isActive: product.isActive,
    takenDownAt: product.takenDownAt?.toISO() ?? null,
    takedownReason: product.takedownReason,
  }
}

/** The audit trail's entries about one product, oldest first. */
async function entriesAbout(id: string) {
  const entries = await AdminAction.query().where('target_id', id).orderBy('created_at', 'asc')
  return entries.map((entry) => ({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    changes: entry.changes,
    clientAddress: entry.clientAddress,
  }))
}

const TRAY_REASON = 'Listed without the safety certificate it needs.'

test.group('Console products: list', (group) => {
  // Each test counts products from none, whatever other seeds left.
  eachInTransaction(group, Product)

  test('lists every shop’s products by name with shop, price, stock and status; deleted ones are gone', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp, mug, rug, tray } = await catalog()

    const html = await admin.page(urlFor('console.products.index'))
    assert.equal(rowText(assert, html, lamp.id), 'Lamp LAMP-1 North 19.99 12 active Take down')
    assert.equal(rowText(assert, html, mug.id), 'Mug MUG-1 North 5.00 3 inactive Take down')
    assert.equal(
      rowText(assert, html, rug.id),
      'Rug RUG-1 South 120.00 out of stock active Take down'
    )
    assert.equal(
      rowText(assert, html, tray.id),
      `Tray TRAY-1 South 30.00 5 taken down ${TRAY_REASON} Restore`
    )
    assert.include(html, `href="${urlFor('console.products.confirm_take_down', { id: lamp.id })}"`)
    assert.include(html, `action="${formAction('console.products.restore', { id: tray.id })}"`)
    assert.isBelow(html.indexOf(lamp.id), html.indexOf(mug.id))
    assert.isBelow(html.indexOf(mug.id), html.indexOf(rug.id))
    assert.isBelow(html.indexOf(rug.id), html.indexOf(tray.id))
    assert.notInclude(html, 'GONE-1')
    assert.include(textOf(html), 'Products (4)')
  })

  test('a taken-down product its seller has inactive says so', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { north } = await catalog()
    const crate = await ProductFactory.apply('takenDown')
      .apply('inactive')
      .merge({ shopId: north.id, name: 'Crate', sku: 'CRATE-1', priceCents: 800, stock: 2 })
      .create()

    const html = await admin.page(urlFor('console.products.index'))
    assert.equal(
      rowText(assert, html, crate.id),
      `Crate CRATE-1 North 8.00 2 taken down ${TRAY_REASON} inactive by its seller Restore`
    )
  })

  test('filters by shop, status and stock, alone and together', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
    const { north, south, lamp, mug, rug, tray } = await catalog()

    const listed = async (qs: Record<string, string>) => {
      const html = await admin.page(urlFor('console.products.index'), qs)
      return [lamp, mug, rug, tray]
        .filter((product) => html.includes(product.id))
        .map((p) => p.name)
    }
    assert.deepEqual(await listed({ shop: north.id }), ['Lamp', 'Mug'])
    assert.deepEqual(await listed({ shop: south.id.toUpperCase() }), ['Rug', 'Tray'])
    // Tray's seller has it active: taken down is a status of its own.
    assert.deepEqual(await listed({ status: 'active' }), ['Lamp', 'Rug'])
    assert.deepEqual(await listed({ status: 'inactive' }), ['Mug'])
    assert.deepEqual(await listed({ status: 'taken_down' }), ['Tray'])
    assert.deepEqual(await listed({ stock: '0' }), ['Rug'])
    assert.deepEqual(await listed({ stock: '3' }), ['Mug', 'Rug'])
    assert.deepEqual(await listed({ shop: north.id, status: 'active', stock: '20' }), ['Lamp'])
    assert.deepEqual(await listed({ shop: south.id, status: 'taken_down', stock: '5' }), ['Tray'])
    assert.deepEqual(await listed({ shop: '', status: '', stock: '' }), [
      'Lamp',
      'Mug',
      'Rug',
      'Tray',
    ])
  })

  test('the filter form keeps the chosen values', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { north } = await catalog()
    const html = await admin.page(urlFor('console.products.index'), {
      shop: north.id,
      status: 'inactive',
      stock: '4',
    })
    assert.include(html, `<option value="${north.id}" selected>North</option>`)
    assert.include(html, '<option value="inactive" selected>Inactive</option>')
    assert.include(html, '<option value="taken_down" >Taken down</option>')
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

    const first = await admin.page(urlFor('console.products.index'), { status: 'active' })
    assert.include(first, 'Item 24')
    assert.notInclude(first, 'Item 25')
    assert.include(first, 'status=active&amp;page=2')
    const second = await admin.page(urlFor('console.products.index'), {
      status: 'active',
      page: '2',
    })
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
      await admin.expectErrorPage(urlFor('console.products.index'), 400, 'This cannot be done', qs)
    })
})

test.group('Console products: take down and restore', (group) => {
  eachInTransaction(group)

  test('the take-down page asks for the reason the seller will see', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp } = await catalog()

    const html = await admin.page(urlFor('console.products.confirm_take_down', { id: lamp.id }))
    const text = textOf(html)
    assert.include(text, 'Take down Lamp?')
    assert.include(text, "SKU LAMP-1 Shop North Seller's switch active")
    assert.include(text, 'Reason shown to the seller')
    assert.include(html, `action="${formAction('console.products.take_down', { id: lamp.id })}"`)
    assert.match(html, /<textarea id="reason" name="reason" maxlength="500" required/)
  })

  test('taking down keeps the seller’s switch, leaves the catalog and records who did it', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp } = await catalog()
    assert.equal(await catalogStatus(client, lamp.id), 200)

    const flash = await admin.submit(
      formAction('console.products.take_down', { id: lamp.id }),
      urlFor('console.products.confirm_take_down', { id: lamp.id }),
      urlFor('console.products.index'),
      { reason: '  Counterfeit of a registered brand.  ' }
    )
    assert.equal(flash.success, 'Lamp is taken down: it left the catalog.')
    const after = await availability(lamp.id)
    assert.isTrue(after.isActive)
    assert.isString(after.takenDownAt)
    assert.equal(after.takedownReason, 'Counterfeit of a registered brand.')
    assert.equal(await catalogStatus(client, lamp.id), 404)

    assert.deepEqual(await entriesAbout(lamp.id), [
      {
        actorId: admin.user.id,
        action: 'product.taken_down',
        targetType: 'product',
        changes: {
          before: { takenDownAt: null, takedownReason: null },
          after: {
            takenDownAt: DateTime.fromISO(after.takenDownAt!).toUTC().toISO(),
            takedownReason: 'Counterfeit of a registered brand.',
          },
        },
        clientAddress: '127.0.0.1',
      },
    ])
  })

  test('restoring puts the product back on sale and records it', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
    const { tray } = await catalog()
    const before = await availability(tray.id)
    assert.equal(await catalogStatus(client, tray.id), 404)

    const flash = await admin.submit(
      formAction('console.products.restore', { id: tray.id }),
      urlFor('console.products.index', {}, { qs: { status: 'taken_down' } }),
      urlFor('console.products.index', {}, { qs: { status: 'taken_down' } })
    )
    assert.equal(flash.success, 'Tray is restored.')
    assert.deepEqual(await availability(tray.id), {
      isActive: true,
      takenDownAt: null,
      takedownReason: null,
    })
    assert.equal(await catalogStatus(client, tray.id), 200)

    assert.deepEqual(await entriesAbout(tray.id), [
      {
        actorId: admin.user.id,
        action: 'product.restored',
        targetType: 'product',
        changes: {
          before: {
            takenDownAt: DateTime.fromISO(before.takenDownAt!).toUTC().toISO(),
            takedownReason: TRAY_REASON,
          },
          after: { takenDownAt: null, takedownReason: null },
        },
        clientAddress: '127.0.0.1',
      },
    ])
  })

  test('restoring a product its seller has inactive leaves it off sale, and says so', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { north } = await catalog()
    const crate = await ProductFactory.apply('takenDown')
      .apply('inactive')
      .merge({ shopId: north.id, name: 'Crate' })
      .create()

    const flash = await admin.submit(
      formAction('console.products.restore', { id: crate.id }),
      urlFor('console.products.index'),
      urlFor('console.products.index')
    )
    assert.equal(flash.success, 'Crate is restored. Its seller has it inactive: it stays off sale.')
    assert.deepEqual(await availability(crate.id), {
      isActive: false,
      takenDownAt: null,
      takedownReason: null,
    })
    assert.equal(await catalogStatus(client, crate.id), 404)
  })

  test('taking down what is taken down, or restoring what is not, changes and records nothing', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp, tray } = await catalog()
    const before = { lamp: await stored(lamp.id), tray: await stored(tray.id) }

    const page = textOf(
      await admin.page(urlFor('console.products.confirm_take_down', { id: tray.id }))
    )
    assert.include(page, `This product is already taken down: ${TRAY_REASON}`)
    await admin.submit(
      formAction('console.products.take_down', { id: tray.id }),
      urlFor('console.products.confirm_take_down', { id: tray.id }),
      urlFor('console.products.index'),
      { reason: 'Another reason' }
    )
    await admin.submit(
      formAction('console.products.restore', { id: lamp.id }),
      urlFor('console.products.index'),
      urlFor('console.products.index')
    )

    for (const product of [lamp, tray]) {
      const after = await stored(product.id)
      const was = before[product.name === 'Lamp' ? 'lamp' : 'tray']
      assert.deepEqual(after.serialize(), was.serialize())
      assert.lengthOf(await entriesAbout(product.id), 0)
    }
  })

  test('a takedown without a usable reason is refused with the field’s message: {label}')
    .with([
      {
        label: 'blank',
        form: { reason: '   ' },
        message: 'Reason shown to the seller is required',
      },
      {
        label: 'missing',
        form: {} as Record<string, string>,
        message: 'Reason shown to the seller is required',
      },
      {
        label: 'over 500 characters',
        form: { reason: 'x'.repeat(501) },
        message: 'Reason shown to the seller must not be greater than 500 characters',
      },
    ])
    .run(async ({ client, assert }, { form, message }) => {
      const admin = await consoleAs(UserType.ADMIN, { client, assert })
      const { lamp } = await catalog()
      const flash = await admin.expectRefused(
        formAction('console.products.take_down', { id: lamp.id }),
        {
          from: urlFor('console.products.confirm_take_down', { id: lamp.id }),
          form,
          error: 'The request is invalid',
          stored: () => availability(lamp.id),
        }
      )
      assert.deepEqual(flash.inputErrorsBag, { reason: [message] })
      assert.lengthOf(await entriesAbout(lamp.id), 0)
      assert.equal(await catalogStatus(client, lamp.id), 200)
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

      await admin.expectErrorPage(
        urlFor('console.products.confirm_take_down', { id }),
        404,
        'Product not found'
      )
      for (const [action, form] of [
        ['take_down', { reason: 'Counterfeit' }],
        ['restore', undefined],
      ] as const) {
        await admin.expectRefused(formAction(`console.products.${action}`, { id }), {
          from: urlFor('console.products.index'),
          form,
          error: 'Product not found',
          stored: () => availability(gone.id),
        })
      }
      assert.deepEqual(await availability(gone.id), {
        isActive: true,
        takenDownAt: null,
        takedownReason: null,
      })
      assert.lengthOf(await entriesAbout(id), 0)
    })
})

test.group('Console products: a product page', (group) => {
  eachInTransaction(group)

  test('shows the product, its shop and, to a Super Admin, its takedown history', async ({
    client,
    assert,
  }) => {
    const superAdmin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
    const { lamp, north, gone } = await catalog()
    await superAdmin.submit(
      formAction('console.products.take_down', { id: lamp.id }),
      urlFor('console.products.confirm_take_down', { id: lamp.id }),
      urlFor('console.products.index'),
      { reason: 'Counterfeit goods' }
    )
    const [entry] = await AdminAction.query().where('target_id', lamp.id)

    const list = await superAdmin.page(urlFor('console.products.index'))
    assert.include(list, `href="${urlFor('console.products.show', { id: lamp.id })}"`)
    assert.include(list, `href="${urlFor('console.shops.show', { id: north.id })}"`)

    const html = await superAdmin.page(urlFor('console.products.show', { id: lamp.id }))
    const text = textOf(html)
    for (const part of [
      'Lamp',
      'LAMP-1',
      'North',
      '19.99 USD',
      'taken down',
      'Counterfeit goods',
    ]) {
      assert.include(text, part)
    }
    const row = rowText(assert, html, entry.id)
    assert.include(row, 'product.taken_down')
    assert.include(row, 'takedownReason: — → Counterfeit goods')
    assert.match(row, /takenDownAt: — → \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)

    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const plain = await admin.page(urlFor('console.products.show', { id: lamp.id }))
    assert.notInclude(plain, entry.id)
    assert.include(textOf(plain), 'shown to Super Admins')
    for (const id of [gone.id, UNKNOWN_ID]) {
      await admin.expectErrorPage(urlFor('console.products.show', { id }), 404, 'Product not found')
    }
  })

  test('shows the categories and images its seller gave it, in order', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp } = await catalog()
    const lighting = await Category.create({ name: 'Lighting', slug: 'lighting', parentId: null })
    await db.table('product_categories').insert({ product_id: lamp.id, category_id: lighting.id })
    const second = await ProductImage.create({
      productId: lamp.id,
      storageKey: `products/${lamp.id}/${crypto.randomUUID()}.png`,
      contentType: 'image/png',
      sizeBytes: 2048,
      position: 2,
    })
    const first = await ProductImage.create({
      productId: lamp.id,
      storageKey: `products/${lamp.id}/${crypto.randomUUID()}.jpg`,
      contentType: 'image/jpeg',
      sizeBytes: 1000,
      position: 1,
    })
    const html = await admin.page(urlFor('console.products.show', { id: lamp.id }))
    const text = textOf(html)
    assert.match(text, /Lighting \(\s*lighting\s*\)/)
    assert.include(text, 'Images (2 of at most 10')
    const firstAt = html.indexOf(`/media/${first.storageKey}`)
    const secondAt = html.indexOf(`/media/${second.storageKey}`)
    assert.isAbove(firstAt, -1)
    assert.isAbove(secondAt, firstAt)
  })
})
