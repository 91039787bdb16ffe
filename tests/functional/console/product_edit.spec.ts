import { existsSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import env from '#start/env'
import AdminAction from '#models/admin_action'
import Category from '#models/category'
import ProductImage from '#models/product_image'
import type User from '#models/user'
import { UserType } from '#enums/user_type'
import { actorOf } from '#support/actor'
import { solidPng } from '#support/solid_png'
import { ProductService } from '#services/catalog/product_service'
import { ShopFactory } from '#database/factories/shop_factory'
import { ProductFactory } from '#database/factories/product_factory'
import { bearer, makeUser } from '#tests/helpers/actors'
import { UNKNOWN_ID } from '#tests/helpers/ids'
import { formAction } from '#tests/helpers/routes'
import { expectProblem } from '#tests/helpers/responses'
import { eachInTransaction } from '#tests/helpers/transactions'
import {
  consoleAs,
  expectRedirect,
  rowText,
  submitted,
  textOf,
  type ConsoleVisitor,
  type FormFields,
} from '#tests/functional/console/support'

const editPage = (id: string) => urlFor('console.products.edit', { id })

/**
 * A seller's shop with a lamp sold without options and a T-shirt in two sizes and two colours
 * (three of the four combinations made), the shirt made by the seller's own service.
 */
async function catalog() {
  const seller = await makeUser(UserType.SELLER)
  const shop = await ShopFactory.merge({ sellerId: seller.id, name: 'North' }).create()
  const lamp = await ProductFactory.merge({
    shopId: shop.id,
    name: 'Lamp',
    sku: 'LAMP-1',
    priceCents: 1999,
    stock: 12,
  }).create()
  const products = await app.container.make(ProductService)
  const shirt = await products.create(actorOf(seller), {
    shopId: shop.id,
    name: 'T-shirt',
    options: [
      { name: 'Size', values: ['M', 'L'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ],
    variants: [
      { sku: 'TEE-M-RED', priceCents: 2000, stock: 5, optionValues: { Size: 'M', Colour: 'Red' } },
      { sku: 'TEE-L-RED', priceCents: 2250, stock: 0, optionValues: { Size: 'L', Colour: 'Red' } },
      {
        sku: 'TEE-M-BLUE',
        priceCents: 1800,
        stock: 3,
        optionValues: { Size: 'M', Colour: 'Blue' },
      },
    ],
  })
  const variants: Array<{ id: string; sku: string }> = shirt.$extras.variants
  const bySku = Object.fromEntries(variants.map((variant) => [variant.sku, variant.id]))
  return { seller, shop, lamp, shirt, bySku }
}

/** A product as stored: its own fields, its live and deleted variants, its categories. */
async function stored(id: string) {
  const product = await db.from('products').where('id', id).firstOrFail()
  const variants = await db
    .from('product_variants')
    .where('product_id', id)
    .orderBy('position', 'asc')
    .orderBy('id', 'asc')
  const categories = await db
    .from('product_categories')
    .where('product_id', id)
    .orderBy('category_id', 'asc')
  return {
    name: product.name as string,
    description: product.description as string | null,
    priceCents: Number(product.price_cents),
    isActive: Boolean(product.is_active),
    variants: variants.map((row) => ({
      id: row.id as string,
      sku: row.sku as string,
      priceCents: Number(row.price_cents),
      stock: Number(row.stock),
      isActive: Boolean(row.is_active),
      deleted: row.deleted_at !== null,
    })),
    categoryIds: categories.map((row) => row.category_id as string),
  }
}

/** The images of a product as stored, in order. */
async function imagesOf(productId: string) {
  const images = await ProductImage.query()
    .where('product_id', productId)
    .orderBy('position', 'asc')
  return images.map((image) => ({ id: image.id, position: image.position, key: image.storageKey }))
}

/** The audit trail's entries about one product, oldest first. */
async function entriesAbout(id: string) {
  const entries = await AdminAction.query()
    .where('target_id', id)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
  return entries.map((entry) => ({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    changes: entry.changes,
    clientAddress: entry.clientAddress,
  }))
}

const fileOnDisk = (storageKey: string) =>
  existsSync(app.makePath(env.get('DRIVE_LOCATION'), storageKey))

/** Posts one file to the edit page's upload form, as a browser sends it. */
async function upload(
  client: ApiClient,
  user: User,
  productId: string,
  bytes: Buffer,
  filename = 'photo.png'
) {
  return submitted(
    client.post(formAction('console.products.images.store', { id: productId })),
    user,
    editPage(productId)
  ).file('file', bytes, { filename })
}

/** Uploads `count` small PNGs from the edit page and returns the images as stored. */
async function uploaded(
  client: ApiClient,
  assert: Assert,
  admin: ConsoleVisitor,
  productId: string,
  count: number
) {
  for (let index = 0; index < count; index++) {
    const response = await upload(client, admin.user, productId, solidPng(2, 2, [index, 9, 9]))
    expectRedirect(assert, response, editPage(productId))
  }
  return imagesOf(productId)
}

test.group('Console product edit: the page', (group) => {
  eachInTransaction(group)

  test('the product page links to the edit page, which holds the product’s form', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp } = await catalog()
    const lighting = await Category.create({ name: 'Lighting', slug: 'lighting', parentId: null })
    const desk = await Category.create({ name: 'Desk', slug: 'desk', parentId: lighting.id })
    await db.table('product_categories').insert({ product_id: lamp.id, category_id: desk.id })

    const show = await admin.page(urlFor('console.products.show', { id: lamp.id }))
    assert.include(show, `href="${editPage(lamp.id)}"`)

    const html = await admin.page(editPage(lamp.id))
    assert.include(html, `action="${formAction('console.products.update', { id: lamp.id })}"`)
    assert.match(html, /id="name" name="name"[^>]*value="Lamp"/)
    assert.match(html, /id="sku" name="sku"[^>]*value="LAMP-1"/)
    assert.match(html, /id="price" name="price"[^>]*value="19.99"/)
    assert.match(html, /id="stock" name="stock"[^>]*value="12"/)
    assert.include(textOf(html), 'Lighting › Desk')
    assert.match(html, new RegExp(`value="${desk.id}" checked`))
    assert.notMatch(html, new RegExp(`value="${lighting.id}" checked`))
    // Without options there is no variant to add.
    assert.notInclude(html, formAction('console.products.variants.store', { id: lamp.id }))
    assert.include(html, 'enctype="multipart/form-data"')
  })

  test('a product with options shows a form per variant and one to add a variant', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
    const { shirt, bySku } = await catalog()

    const html = await admin.page(editPage(shirt.id))
    assert.notMatch(html, /id="sku" name="sku"/)
    const row = rowText(assert, html, 'TEE-L-RED')
    assert.include(row, 'Size: L')
    assert.include(
      html,
      `action="${formAction('console.products.variants.update', { id: shirt.id, variantId: bySku['TEE-L-RED'] })}"`
    )
    assert.match(html, new RegExp(`id="price-${bySku['TEE-L-RED']}"[^>]*value="22.50"`))
    assert.include(
      html,
      `href="${urlFor('console.products.variants.confirm_destroy', { id: shirt.id, variantId: bySku['TEE-M-RED'] })}"`
    )
    assert.include(
      html,
      `action="${formAction('console.products.variants.store', { id: shirt.id })}"`
    )
    assert.include(html, '<input type="hidden" name="options[1][name]" value="Colour">')
    assert.include(html, '<option value="Blue" >Blue</option>')
  })

  test('an unknown or deleted product, variant or image is a 404 page', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp, shirt, bySku } = await catalog()
    const gone = await ProductFactory.apply('deleted').merge({ shopId: lamp.shopId }).create()
    for (const [path, message] of [
      [editPage(UNKNOWN_ID), 'Product not found'],
      [editPage(gone.id), 'Product not found'],
      [
        urlFor('console.products.variants.confirm_destroy', {
          id: lamp.id,
          variantId: bySku['TEE-M-RED'],
        }),
        'Variant not found',
      ],
      [
        urlFor('console.products.variants.confirm_destroy', {
          id: shirt.id,
          variantId: UNKNOWN_ID,
        }),
        'Variant not found',
      ],
      [
        urlFor('console.products.images.confirm_destroy', { id: shirt.id, imageId: UNKNOWN_ID }),
        'Image not found',
      ],
    ] as const) {
      await admin.expectErrorPage(path, 404, message)
    }
  })
})

test.group('Console product edit: the product', (group) => {
  eachInTransaction(group)

  test('saves name, description, categories and the one variant of another seller’s product, and records it', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp } = await catalog()
    const lighting = await Category.create({ name: 'Lighting', slug: 'lighting', parentId: null })

    const flash = await admin.submit(
      formAction('console.products.update', { id: lamp.id }),
      editPage(lamp.id),
      editPage(lamp.id),
      {
        '_form': 'product',
        'name': '  Desk lamp ',
        'description': 'Brass, with a linen shade.',
        'categoryIds[0]': lighting.id,
        'sku': 'lamp-2',
        'price': '24.50',
        'stock': '7',
        // Not the console's to change: dropped by the form's parse.
        'isActive': 'false',
        'shopId': UNKNOWN_ID,
      }
    )
    assert.equal(flash.success, 'Desk lamp is saved.')
    const after = await stored(lamp.id)
    assert.deepEqual(after, {
      name: 'Desk lamp',
      description: 'Brass, with a linen shade.',
      priceCents: 2450,
      isActive: true,
      variants: [
        { id: lamp.id, sku: 'LAMP-2', priceCents: 2450, stock: 7, isActive: true, deleted: false },
      ],
      categoryIds: [lighting.id],
    })
    assert.deepEqual(await entriesAbout(lamp.id), [
      {
        actorId: admin.user.id,
        action: 'product.updated',
        targetType: 'product',
        changes: {
          before: {
            name: 'Lamp',
            description: 'Made for a test.',
            categoryIds: [],
            sku: 'LAMP-1',
            priceCents: 1999,
            stock: 12,
          },
          after: {
            name: 'Desk lamp',
            description: 'Brass, with a linen shade.',
            categoryIds: [lighting.id],
            sku: 'LAMP-2',
            priceCents: 2450,
            stock: 7,
          },
        },
        clientAddress: '127.0.0.1',
      },
    ])
    const shown = await client.get(`/api/v1/products/${lamp.id}`)
    assert.containsSubset(shown.body(), { name: 'Desk lamp', sku: 'LAMP-2', price: 24.5, stock: 7 })
  })

  test('a form that changes nothing records nothing; a blank description clears it', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp } = await catalog()
    const form = { _form: 'product', name: 'Lamp', sku: 'LAMP-1', price: '19.99', stock: '12' }

    await admin.submit(
      formAction('console.products.update', { id: lamp.id }),
      editPage(lamp.id),
      editPage(lamp.id),
      { ...form, description: 'Made for a test.' }
    )
    assert.lengthOf(await entriesAbout(lamp.id), 0)

    await admin.submit(
      formAction('console.products.update', { id: lamp.id }),
      editPage(lamp.id),
      editPage(lamp.id),
      { ...form, description: '  ' }
    )
    const cleared = await stored(lamp.id)
    assert.isNull(cleared.description)
    const entries = await entriesAbout(lamp.id)
    assert.deepEqual(
      entries.map((entry) => entry.changes),
      [{ before: { description: 'Made for a test.' }, after: { description: null } }]
    )
  })

  test('refuses {label}, changes nothing and records nothing')
    .with<Array<{ label: string; form: FormFields; field: string; message: RegExp }>>([
      { label: 'a blank name', form: { name: ' ' }, field: 'name', message: /Name/ },
      { label: 'a negative stock', form: { stock: '-1' }, field: 'stock', message: /Stock/ },
      { label: 'a fractional stock', form: { stock: '1.5' }, field: 'stock', message: /Stock/ },
      { label: 'a price that is text', form: { price: 'abc' }, field: 'price', message: /Price/ },
      { label: 'a price of zero', form: { price: '0' }, field: 'price', message: /Price/ },
      {
        label: 'a price of three decimals',
        form: { price: '1.234' },
        field: 'price',
        message: /Price/,
      },
      { label: 'a blank SKU', form: { sku: '' }, field: 'sku', message: /SKU/ },
      {
        label: 'a category id that is not one',
        form: { 'categoryIds[0]': 'lighting' },
        field: 'categoryIds.0',
        message: /./,
      },
    ])
    .run(async ({ client, assert }, { form, field, message }) => {
      const admin = await consoleAs(UserType.ADMIN, { client, assert })
      const { lamp } = await catalog()
      const flash = await admin.expectRefused(
        formAction('console.products.update', { id: lamp.id }),
        {
          from: editPage(lamp.id),
          form: {
            _form: 'product',
            name: 'Renamed',
            sku: 'LAMP-1',
            price: '19.99',
            stock: '12',
            ...form,
          },
          error: 'The request is invalid',
          stored: () => stored(lamp.id),
        }
      )
      assert.match(flash.inputErrorsBag[field].join(' '), message)
      assert.lengthOf(await entriesAbout(lamp.id), 0)
    })

  test('refuses {label} with its reason, changes nothing and records nothing')
    .with<Array<{ label: string; form: FormFields; error: string }>>([
      {
        label: 'an unknown category',
        form: { 'categoryIds[0]': UNKNOWN_ID },
        error: 'One or more categoryIds name no category',
      },
      {
        label: 'a SKU another product of the shop has',
        form: { sku: 'TEE-M-RED' },
        error: 'Another variant of this shop already has this SKU',
      },
    ])
    .run(async ({ client, assert }, { form, error }) => {
      const admin = await consoleAs(UserType.ADMIN, { client, assert })
      const { lamp } = await catalog()
      await admin.expectRefused(formAction('console.products.update', { id: lamp.id }), {
        from: editPage(lamp.id),
        form: {
          _form: 'product',
          name: 'Renamed',
          sku: 'LAMP-1',
          price: '19.99',
          stock: '12',
          ...form,
        },
        error,
        stored: () => stored(lamp.id),
      })
      assert.lengthOf(await entriesAbout(lamp.id), 0)
    })

  test('a refused form shows its own input and messages again', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp } = await catalog()
    const flash = await admin.expectRefused(
      formAction('console.products.update', { id: lamp.id }),
      {
        from: editPage(lamp.id),
        form: { _form: 'product', name: 'Renamed', sku: 'LAMP-1', price: '19.99', stock: '-4' },
        error: 'The request is invalid',
        stored: () => stored(lamp.id),
      }
    )
    const html = await admin.pageWithFlash(editPage(lamp.id), flash)
    assert.match(html, /id="name" name="name"[^>]*value="Renamed"/)
    assert.match(html, /id="stock" name="stock"[^>]*value="-4"/)
    assert.include(html, 'id="stock-error"')
  })

  test('SKU, price or stock on a product with options are refused: they belong to its variants', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { shirt } = await catalog()
    await admin.expectRefused(formAction('console.products.update', { id: shirt.id }), {
      from: editPage(shirt.id),
      form: { _form: 'product', name: 'Tee', price: '5' },
      error: 'This product has options: change SKU, price and stock on its variants',
      stored: () => stored(shirt.id),
    })
    await admin.submit(
      formAction('console.products.update', { id: shirt.id }),
      editPage(shirt.id),
      editPage(shirt.id),
      { _form: 'product', name: 'Tee' }
    )
    const renamed = await stored(shirt.id)
    assert.equal(renamed.name, 'Tee')
  })

  test('an unknown or deleted product is refused and nothing is recorded', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { shop } = await catalog()
    const gone = await ProductFactory.apply('deleted').merge({ shopId: shop.id }).create()
    for (const id of [UNKNOWN_ID, gone.id]) {
      await admin.expectRefused(formAction('console.products.update', { id }), {
        from: editPage(id),
        form: { _form: 'product', name: 'Back' },
        error: 'Product not found',
        stored: () => stored(gone.id),
      })
      assert.lengthOf(await entriesAbout(id), 0)
    }
  })
})

test.group('Console product edit: variants', (group) => {
  eachInTransaction(group)

  test('saves a variant’s price, stock and switch; the product’s price follows; recorded', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { shirt, bySku } = await catalog()
    const variantId = bySku['TEE-M-BLUE']

    const flash = await admin.submit(
      formAction('console.products.variants.update', { id: shirt.id, variantId }),
      editPage(shirt.id),
      editPage(shirt.id),
      // The switch unticked: a browser does not send it.
      { _form: `variant-${variantId}`, price: '17.25', stock: '9' }
    )
    assert.equal(flash.success, 'Variant TEE-M-BLUE is saved.')
    const after = await stored(shirt.id)
    assert.deepInclude(after.variants, {
      id: variantId,
      sku: 'TEE-M-BLUE',
      priceCents: 1725,
      stock: 9,
      isActive: false,
      deleted: false,
    })
    // The lowest price on sale: TEE-M-BLUE is off sale now.
    assert.equal(after.priceCents, 2000)
    assert.deepEqual(await entriesAbout(shirt.id), [
      {
        actorId: admin.user.id,
        action: 'product.variant_updated',
        targetType: 'product',
        changes: {
          before: { variantId, priceCents: 1800, stock: 3, isActive: true },
          after: { variantId, priceCents: 1725, stock: 9, isActive: false },
        },
        clientAddress: '127.0.0.1',
      },
    ])
  })

  test('adds a variant from the option selects, and records it', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
    const { shirt } = await catalog()

    const flash = await admin.submit(
      formAction('console.products.variants.store', { id: shirt.id }),
      editPage(shirt.id),
      editPage(shirt.id),
      {
        '_form': 'new-variant',
        'options[0][name]': 'Size',
        'options[0][value]': 'L',
        'options[1][name]': 'Colour',
        'options[1][value]': 'Blue',
        'sku': 'tee-l-blue',
        'price': '19',
        'stock': '4',
        'isActive': 'true',
      }
    )
    assert.equal(flash.success, 'Variant TEE-L-BLUE is added.')
    const added = await db
      .from('product_variants')
      .where('product_id', shirt.id)
      .where('sku', 'TEE-L-BLUE')
      .firstOrFail()
    assert.equal(Number(added.price_cents), 1900)
    assert.equal(Number(added.stock), 4)
    assert.equal(added.option_key, '["L","Blue"]')
    const [entry] = await entriesAbout(shirt.id)
    assert.deepEqual(entry, {
      actorId: admin.user.id,
      action: 'product.variant_added',
      targetType: 'product',
      changes: {
        before: null,
        after: {
          variantId: added.id,
          sku: 'TEE-L-BLUE',
          optionValues: { Size: 'L', Colour: 'Blue' },
          priceCents: 1900,
          stock: 4,
          isActive: true,
        },
      },
      clientAddress: '127.0.0.1',
    })
  })

  test('refuses a new variant with {label}; nothing changes, nothing is recorded')
    .with([
      {
        label: 'an unknown option value',
        change: { 'options[0][value]': 'XL' },
        error: '"XL" is not a value of option "Size"',
      },
      {
        label: 'an unknown option',
        change: { 'options[1][name]': 'Fabric' },
        error: 'The product has no option "Fabric"',
      },
      {
        label: 'the options of another variant',
        change: { 'options[0][value]': 'M', 'options[1][value]': 'Red' },
        error: 'Another variant of this product has the same options',
      },
      { label: 'a negative stock', change: { stock: '-1' }, error: 'The request is invalid' },
      { label: 'a bad price', change: { price: '12.345' }, error: 'The request is invalid' },
      { label: 'no SKU', change: { sku: '' }, error: 'The request is invalid' },
      {
        label: 'a SKU of the shop',
        change: { sku: 'LAMP-1' },
        error: 'Another variant of this shop already has this SKU',
      },
    ])
    .run(async ({ client, assert }, { change, error }) => {
      const admin = await consoleAs(UserType.ADMIN, { client, assert })
      const { shirt } = await catalog()
      await admin.expectRefused(formAction('console.products.variants.store', { id: shirt.id }), {
        from: editPage(shirt.id),
        form: {
          '_form': 'new-variant',
          'options[0][name]': 'Size',
          'options[0][value]': 'L',
          'options[1][name]': 'Colour',
          'options[1][value]': 'Blue',
          'sku': 'TEE-L-BLUE',
          'price': '19',
          'stock': '4',
          ...change,
        },
        error,
        stored: () => stored(shirt.id),
      })
      assert.lengthOf(await entriesAbout(shirt.id), 0)
    })

  test('refuses a variant’s {label}; nothing changes, nothing is recorded')
    .with([
      { label: 'negative stock', form: { price: '20', stock: '-3' }, field: 'stock' },
      { label: 'text price', form: { price: 'ten', stock: '3' }, field: 'price' },
      { label: 'blank price', form: { price: '', stock: '3' }, field: 'price' },
    ])
    .run(async ({ client, assert }, { form, field }) => {
      const admin = await consoleAs(UserType.ADMIN, { client, assert })
      const { shirt, bySku } = await catalog()
      const variantId = bySku['TEE-M-RED']
      const flash = await admin.expectRefused(
        formAction('console.products.variants.update', { id: shirt.id, variantId }),
        {
          from: editPage(shirt.id),
          form: { _form: `variant-${variantId}`, isActive: 'true', ...form },
          error: 'The request is invalid',
          stored: () => stored(shirt.id),
        }
      )
      assert.property(flash.inputErrorsBag, field)
      // The messages show beside that variant's form only.
      const html = await admin.pageWithFlash(editPage(shirt.id), flash)
      assert.include(html, `id="variant-${variantId}-errors"`)
      assert.notInclude(html, `id="variant-${bySku['TEE-L-RED']}-errors"`)
      assert.lengthOf(await entriesAbout(shirt.id), 0)
    })

  test('deletes a variant from its own page, and records it', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { shirt, bySku } = await catalog()
    const variantId = bySku['TEE-L-RED']

    const page = textOf(
      await admin.page(
        urlFor('console.products.variants.confirm_destroy', { id: shirt.id, variantId })
      )
    )
    assert.include(page, 'Delete variant TEE-L-RED of T-shirt?')
    const flash = await admin.submit(
      formAction('console.products.variants.destroy', { id: shirt.id, variantId }),
      urlFor('console.products.variants.confirm_destroy', { id: shirt.id, variantId }),
      editPage(shirt.id)
    )
    assert.equal(flash.success, 'The variant is deleted.')
    const after = await stored(shirt.id)
    assert.deepEqual(
      after.variants.map((variant) => [variant.sku, variant.deleted]),
      [
        ['TEE-M-RED', false],
        ['TEE-L-RED', true],
        ['TEE-M-BLUE', false],
      ]
    )
    assert.deepEqual(await entriesAbout(shirt.id), [
      {
        actorId: admin.user.id,
        action: 'product.variant_deleted',
        targetType: 'product',
        changes: {
          before: {
            variantId,
            sku: 'TEE-L-RED',
            optionValues: { Size: 'L', Colour: 'Red' },
            priceCents: 2250,
            stock: 0,
            isActive: true,
          },
          after: null,
        },
        clientAddress: '127.0.0.1',
      },
    ])
  })

  test('the last variant stays (LAST_VARIANT); another product’s variant is not found', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp, shirt, bySku } = await catalog()

    const page = textOf(
      await admin.page(
        urlFor('console.products.variants.confirm_destroy', { id: lamp.id, variantId: lamp.id })
      )
    )
    assert.include(page, "This is the product's last variant: it cannot be deleted.")
    await admin.expectRefused(
      formAction('console.products.variants.destroy', { id: lamp.id, variantId: lamp.id }),
      {
        from: editPage(lamp.id),
        error: 'A product keeps at least one variant: delete the product',
        stored: () => stored(lamp.id),
      }
    )
    for (const action of ['destroy', 'update'] as const) {
      await admin.expectRefused(
        formAction(`console.products.variants.${action}`, {
          id: lamp.id,
          variantId: bySku['TEE-M-RED'],
        }),
        {
          from: editPage(lamp.id),
          form: { price: '1', stock: '1' },
          error: 'Variant not found',
          stored: async () => [await stored(lamp.id), await stored(shirt.id)],
        }
      )
    }
    assert.lengthOf(await entriesAbout(lamp.id), 0)
    assert.lengthOf(await entriesAbout(shirt.id), 0)
  })
})

test.group('Console product edit: images', (group) => {
  eachInTransaction(group)

  test('uploads, moves and deletes images of another seller’s product, each recorded', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp } = await catalog()

    const [first, second] = await uploaded(client, assert, admin, lamp.id, 2)
    assert.deepEqual([first.position, second.position], [1, 2])
    assert.isTrue(fileOnDisk(first.key))

    const html = await admin.page(editPage(lamp.id))
    assert.include(html, `<input type="hidden" name="imageIds[0]" value="${second.id}">`)
    const flash = await admin.submit(
      formAction('console.products.images.reorder', { id: lamp.id }),
      editPage(lamp.id),
      editPage(lamp.id),
      { 'imageIds[0]': second.id, 'imageIds[1]': first.id }
    )
    assert.equal(flash.success, 'The images are reordered.')
    const reordered = await imagesOf(lamp.id)
    assert.deepEqual(
      reordered.map((image) => image.id),
      [second.id, first.id]
    )

    const confirm = urlFor('console.products.images.confirm_destroy', {
      id: lamp.id,
      imageId: second.id,
    })
    assert.include(textOf(await admin.page(confirm)), 'Delete image 1 of Lamp?')
    await admin.submit(
      formAction('console.products.images.destroy', { id: lamp.id, imageId: second.id }),
      confirm,
      editPage(lamp.id)
    )
    assert.deepEqual(await imagesOf(lamp.id), [{ ...first, position: 1 }])
    assert.isFalse(fileOnDisk(second.key))

    // Entries of one second are in no particular order: each is found by what it is about.
    const entries = await entriesAbout(lamp.id)
    assert.sameMembers(
      entries.map((entry) => `${entry.action} ${entry.actorId} ${entry.clientAddress}`),
      [
        `product.image_added ${admin.user.id} 127.0.0.1`,
        `product.image_added ${admin.user.id} 127.0.0.1`,
        `product.images_reordered ${admin.user.id} 127.0.0.1`,
        `product.image_deleted ${admin.user.id} 127.0.0.1`,
      ]
    )
    const changesOf = (action: string, imageId?: string) =>
      entries.find(
        (entry) =>
          entry.action === action &&
          (imageId === undefined ||
            (entry.changes.after ?? entry.changes.before)!.imageId === imageId)
      )!.changes
    // `uploaded` makes image n of solidPng(2, 2, [n, 9, 9]).
    const sizeOf = (index: number) => solidPng(2, 2, [index, 9, 9]).length
    assert.deepEqual(changesOf('product.image_added', first.id), {
      before: null,
      after: { imageId: first.id, position: 1, contentType: 'image/png', size: sizeOf(0) },
    })
    assert.deepEqual(changesOf('product.images_reordered'), {
      before: { imageIds: [first.id, second.id] },
      after: { imageIds: [second.id, first.id] },
    })
    assert.deepEqual(changesOf('product.image_deleted', second.id), {
      before: { imageId: second.id, position: 1, contentType: 'image/png', size: sizeOf(1) },
      after: null,
    })
  })

  test('refuses {label}: nothing is stored, nothing is recorded')
    .with([
      {
        label: 'a file that is not an image',
        bytes: () => Buffer.from('<?php echo 1; ?>'),
        filename: 'photo.png',
        error:
          'The file is not a JPEG, PNG or WebP image (judged by its bytes, not its name or type)',
      },
      {
        label: 'a file over 5 MB',
        bytes: () => Buffer.concat([solidPng(2, 2, [1, 1, 1]), Buffer.alloc(5 * 1024 * 1024)]),
        filename: 'huge.png',
        error: 'An image may be at most 5 MB',
      },
    ])
    .run(async ({ client, assert }, { bytes, filename, error }) => {
      const admin = await consoleAs(UserType.ADMIN, { client, assert })
      const { lamp } = await catalog()
      const response = await upload(client, admin.user, lamp.id, bytes(), filename)
      const flash = expectRedirect(assert, response, editPage(lamp.id))
      assert.equal(flash.error, error)
      assert.lengthOf(await imagesOf(lamp.id), 0)
      assert.lengthOf(await entriesAbout(lamp.id), 0)
    })

  test('a form without a file, an 11th image and a wrong order are refused', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp } = await catalog()
    await admin.expectRefused(formAction('console.products.images.store', { id: lamp.id }), {
      from: editPage(lamp.id),
      form: {},
      error: 'Send the image as the multipart field `file`',
      stored: () => imagesOf(lamp.id),
    })

    const images = await uploaded(client, assert, admin, lamp.id, 10)
    const before = await entriesAbout(lamp.id)
    const response = await upload(client, admin.user, lamp.id, solidPng(2, 2, [1, 2, 3]))
    assert.equal(
      expectRedirect(assert, response, editPage(lamp.id)).error,
      'A product may have at most 10 images'
    )
    assert.deepEqual(await imagesOf(lamp.id), images)

    await admin.expectRefused(formAction('console.products.images.reorder', { id: lamp.id }), {
      from: editPage(lamp.id),
      form: { 'imageIds[0]': images[1].id, 'imageIds[1]': images[0].id },
      error: "imageIds must list each of the product's images exactly once",
      stored: () => imagesOf(lamp.id),
    })
    await admin.expectRefused(formAction('console.products.images.reorder', { id: lamp.id }), {
      from: editPage(lamp.id),
      form: { 'imageIds[0]': 'first' },
      error: 'The request is invalid',
      stored: () => imagesOf(lamp.id),
    })
    assert.deepEqual(await entriesAbout(lamp.id), before)
    // The full product offers no upload form.
    assert.notInclude(await admin.page(editPage(lamp.id)), 'enctype="multipart/form-data"')
  })
})

test.group('Console product edit: sellers stay limited to their own products', (group) => {
  eachInTransaction(group)

  test('another seller gets 404 on every write of the product, its variants and images', async ({
    client,
    assert,
  }) => {
    const { shirt, bySku } = await catalog()
    const image = await ProductImage.create({
      productId: shirt.id,
      storageKey: `products/${shirt.id}/${crypto.randomUUID()}.png`,
      contentType: 'image/png',
      sizeBytes: 10,
      position: 1,
    })
    const other = await makeUser(UserType.SELLER)
    await ShopFactory.merge({ sellerId: other.id }).create()
    const authorization = await bearer(other)
    const base = `/api/v1/seller/products/${shirt.id}`
    const variant = `${base}/variants/${bySku['TEE-M-RED']}`
    const before = { product: await stored(shirt.id), images: await imagesOf(shirt.id) }

    const attempts = [
      client.get(base),
      client.put(base).json({ name: 'Mine now' }),
      client.delete(base),
      client.post(`${base}/variants`).json({
        sku: 'TEE-L-BLUE',
        price: 1,
        stock: 1,
        optionValues: { Size: 'L', Colour: 'Blue' },
      }),
      client.put(variant).json({ stock: 0 }),
      client.delete(variant),
      client.post(`${base}/images`).file('file', solidPng(2, 2, [1, 1, 1]), { filename: 'a.png' }),
      client.put(`${base}/images`).json({ imageIds: [image.id] }),
      client.delete(`${base}/images/${image.id}`),
    ]
    for (const attempt of attempts) {
      expectProblem(
        assert,
        await attempt.header('Authorization', authorization),
        404,
        'PRODUCT_NOT_FOUND'
      )
    }
    assert.deepEqual({ product: await stored(shirt.id), images: await imagesOf(shirt.id) }, before)
  })

  test('the seller’s own edits work and are not recorded; an administrator’s token is refused on the seller’s routes', async ({
    client,
    assert,
  }) => {
    const { seller, shirt, bySku } = await catalog()
    const own = await client
      .put(`/api/v1/seller/products/${shirt.id}/variants/${bySku['TEE-M-RED']}`)
      .header('Authorization', await bearer(seller))
      .json({ stock: 1 })
    own.assertStatus(200)
    assert.lengthOf(await entriesAbout(shirt.id), 0)

    const admin = await makeUser(UserType.ADMIN)
    const refused = await client
      .put(`/api/v1/seller/products/${shirt.id}`)
      .header('Authorization', await bearer(admin))
      .json({ name: 'Changed' })
    expectProblem(assert, refused, 403, 'FORBIDDEN')
    const kept = await stored(shirt.id)
    assert.equal(kept.name, 'T-shirt')
  })
})
