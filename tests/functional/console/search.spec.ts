import { test } from '@japa/runner'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { ShopFactory } from '#database/factories/shop_factory'
import { ProductFactory } from '#database/factories/product_factory'
import { CouponFactory } from '#database/factories/coupon_factory'
import { placedCheckout } from '#tests/functional/orders/support'
import { consoleAs, expectRedirect, rowText, textOf } from '#tests/functional/console/support'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { MAX_SEARCH_LENGTH } from '#validators/console_search'

/** A small store: a shop with two products, a coupon, and a customer. */
async function store() {
  const seller = await makeUser(UserType.SELLER)
  const shop = await ShopFactory.merge({ sellerId: seller.id, name: 'Lantern Works' }).create()
  const lamp = await ProductFactory.merge({
    shopId: shop.id,
    name: 'Brass Lamp',
    sku: 'LAMP-BR-1',
  }).create()
  const shade = await ProductFactory.merge({
    shopId: shop.id,
    name: 'Lamp Shade, 50% linen',
    sku: 'SHADE_1',
  }).create()
  const coupon = await CouponFactory.merge({ code: 'WINTER-SALE' }).create()
  const customer = await makeUser(UserType.CUSTOMER, { email: 'june.search@example.com' })
  return { seller, shop, lamp, shade, coupon, customer }
}

test.group('Console search', (group) => {
  eachInTransaction(group)

  test('one whole match opens its page: {label}')
    .with([
      {
        label: 'a SKU, any case',
        q: 'lamp-br-1',
        to: (w: World) => urlFor('console.products.show', { id: w.lamp.id }),
      },
      {
        label: 'a product name',
        q: 'brass lamp',
        to: (w: World) => urlFor('console.products.show', { id: w.lamp.id }),
      },
      {
        label: 'a coupon code',
        q: 'winter-sale',
        to: (w: World) => urlFor('console.coupons.edit', { id: w.coupon.id }),
      },
      {
        label: 'a shop name',
        q: 'LANTERN WORKS',
        to: (w: World) => urlFor('console.shops.show', { id: w.shop.id }),
      },
      {
        label: 'an e-mail',
        q: ' June.Search@example.com ',
        to: (w: World) => urlFor('console.users.show', { id: w.customer.id }),
      },
    ])
    .run(async ({ client, assert }, { q, to }) => {
      const admin = await consoleAs(UserType.ADMIN, { client, assert })
      const world = await store()
      const response = await admin.get(urlFor('console.search.index'), { q })
      expectRedirect(assert, response, to(world))
    })

  test('an order number opens the order', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { orders } = await placedCheckout()
    const [order] = orders
    const response = await admin.get(urlFor('console.search.index'), {
      q: order.orderNumber.toLowerCase(),
    })
    expectRedirect(assert, response, urlFor('console.orders.show', { id: order.id }))
  })

  test('several matches are listed, whole matches first, each linking to its page', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { lamp, shade } = await store()
    const html = await admin.page(urlFor('console.search.index'), { q: 'lamp' })
    assert.include(textOf(html), '2 matches for “lamp”')
    assert.include(rowText(assert, html, lamp.sku), 'Product Brass Lamp LAMP-BR-1 · Lantern Works')
    assert.include(html, `href="${urlFor('console.products.show', { id: shade.id })}"`)
    assert.include(html, 'value="lamp"', 'the header keeps the search text')
  })

  test('no match says so', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await store()
    const html = await admin.page(urlFor('console.search.index'), { q: 'zeppelin' })
    assert.include(textOf(html), 'Nothing matches “zeppelin”')
    assert.notInclude(html, '<tbody>')
  })

  test('LIKE wildcards are searched as text: {q}')
    .with([
      { q: '%', finds: ['Lamp Shade, 50% linen'] },
      { q: '_', finds: ['Lamp Shade, 50% linen'] },
      { q: '0%', finds: ['Lamp Shade, 50% linen'] },
      { q: 'lamp%shade', finds: [] },
      { q: 'br_ss', finds: [] },
    ])
    .run(async ({ client, assert }, { q, finds }) => {
      const admin = await consoleAs(UserType.ADMIN, { client, assert })
      await store()
      const response = await admin.get(urlFor('console.search.index'), { q })
      if (finds.length === 0) {
        response.assertStatus(200)
        assert.include(textOf(response.text()), 'Nothing matches')
        return
      }
      response.assertStatus(200)
      const text = textOf(response.text())
      for (const name of finds) assert.include(text, name)
      assert.notInclude(text, 'Brass Lamp')
    })

  test('deleted products and coupons are not found', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { shop } = await store()
    await ProductFactory.apply('deleted').merge({ shopId: shop.id, sku: 'GONE-9' }).create()
    await CouponFactory.apply('deleted').merge({ code: 'GONE-CODE' }).create()
    for (const q of ['GONE-9', 'GONE-CODE']) {
      const html = await admin.page(urlFor('console.search.index'), { q })
      assert.include(textOf(html), 'Nothing matches')
    }
  })

  test('a blank search asks for a text; an overlong one is refused', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const blank = await admin.page(urlFor('console.search.index'), { q: '  ' })
    assert.include(textOf(blank), 'Type an order number')
    await admin.expectErrorPage(urlFor('console.search.index'), 400, 'This cannot be done', {
      q: 'x'.repeat(MAX_SEARCH_LENGTH + 1),
    })
    const longest = await admin.page(urlFor('console.search.index'), {
      q: 'x'.repeat(MAX_SEARCH_LENGTH),
    })
    assert.include(textOf(longest), 'Nothing matches')
  })

  test('every console page carries the search box', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const html = await admin.page(urlFor('console.dashboard'))
    assert.match(html, /<form method="GET" action="\/admin\/search"[^>]*role="search"/)
    assert.include(html, `name="q" type="search" maxlength="${MAX_SEARCH_LENGTH}"`)
  })
})

type World = Awaited<ReturnType<typeof store>>
