/*
| The console's side of a shop's money (docs/api/ledger.md): the shop page's commission panel,
| the money page with its commission form, balance, ledger and adjustment form, refused input,
| and who may open it.
*/
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { UserType } from '#enums/user_type'
import { twoShopCart } from '#tests/functional/checkout/support'
import { consoleAs, textOf } from '#tests/functional/console/support'
import { UNKNOWN_ID } from '#tests/helpers/ids'
import { eachInTransaction } from '#tests/helpers/transactions'
import { formAction } from '#tests/helpers/routes'

test.group('Console shop money', (group) => {
  eachInTransaction(group)

  test('the shop page links its money page, which shows the rate, balance and ledger', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { first } = await twoShopCart()
    const shopPage = await admin.page(urlFor('console.shops.show', { id: first.shop.id }))
    assert.include(textOf(shopPage), 'Commission rate the default')
    assert.include(shopPage, urlFor('console.shops.ledger', { id: first.shop.id }))
    assert.include(
      shopPage,
      `action="${formAction('console.shops.commission', { id: first.shop.id })}"`
    )

    const money = await admin.page(urlFor('console.shops.ledger', { id: first.shop.id }))
    const text = textOf(money)
    assert.include(text, 'Rate in force 10 % (the default, DEFAULT_COMMISSION_RATE)')
    assert.include(text, 'Available 0.00 USD')
    assert.include(text, 'No entry yet.')
    assert.include(
      money,
      `action="${formAction('console.shops.commission', { id: first.shop.id })}"`
    )
    assert.include(money, `action="${formAction('console.shops.adjust', { id: first.shop.id })}"`)
  })

  test('an admin sets the rate and adds an adjustment; both show on the page', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { first } = await twoShopCart()
    const page = urlFor('console.shops.ledger', { id: first.shop.id })
    const rated = await admin.submit(
      formAction('console.shops.commission', { id: first.shop.id }),
      page,
      page,
      { rate: '7.5' }
    )
    assert.equal(
      rated.success,
      "The shop's commission rate is 7.5 %; orders already placed keep theirs."
    )
    const row = await db.from('shops').where('id', first.shop.id).firstOrFail()
    assert.equal(Number(row.commission_rate), 750)

    const adjusted = await admin.submit(
      formAction('console.shops.adjust', { id: first.shop.id }),
      page,
      page,
      { amount: '-3.25', reason: 'Label reprint' }
    )
    assert.equal(adjusted.success, 'An adjustment of -3.25 USD was recorded.')
    const text = textOf(await admin.page(page))
    assert.include(text, 'Rate in force 7.5 % (the shop’s own)')
    assert.include(text, 'Available -3.25 USD')
    assert.include(text, 'ADJUSTMENT -3.25 Label reprint')

    const reset = await admin.submit(
      formAction('console.shops.commission', { id: first.shop.id }),
      page,
      page,
      { rate: '' }
    )
    assert.equal(reset.success, 'The shop follows the default commission rate, 10 %.')

    // The same form on the shop's page goes back there.
    const shopPage = urlFor('console.shops.show', { id: first.shop.id })
    await admin.submit(
      formAction('console.shops.commission', { id: first.shop.id }),
      shopPage,
      shopPage,
      {
        rate: '11',
      }
    )
    assert.include(textOf(await admin.page(shopPage)), 'Commission rate 11 %')
  })

  test('refused input goes back and changes nothing', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { first } = await twoShopCart()
    const page = urlFor('console.shops.ledger', { id: first.shop.id })
    const stored = async () => {
      const shop = await db.from('shops').where('id', first.shop.id).firstOrFail()
      const entries = await db.from('ledger_entries').where('shop_id', first.shop.id)
      return [shop.commission_rate, entries.length]
    }
    await admin.expectRefused(formAction('console.shops.commission', { id: first.shop.id }), {
      from: page,
      form: { rate: '100.5' },
      error: /.+/,
      stored,
    })
    await admin.expectRefused(formAction('console.shops.adjust', { id: first.shop.id }), {
      from: page,
      form: { amount: '0', reason: '' },
      error: /.+/,
      stored,
    })
  })

  test('sellers and customers cannot open it; an unknown shop is a 404', async ({
    client,
    assert,
  }) => {
    const { first } = await twoShopCart()
    for (const type of [UserType.SELLER, UserType.CUSTOMER]) {
      const visitor = await consoleAs(type, { client, assert })
      const response = await visitor.get(urlFor('console.shops.ledger', { id: first.shop.id }))
      assert.notEqual(response.status(), 200)
    }
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await admin.expectErrorPage(
      urlFor('console.shops.ledger', { id: UNKNOWN_ID }),
      404,
      'not found'
    )
  })
})
