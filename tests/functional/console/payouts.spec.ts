/*
| The console's payouts (docs/api/payouts.md): the Payouts page with its filters, a run after
| asking, a manual payout marked paid or failed from the list, refused forms changing nothing,
| the CSV of pending payouts for the bank, and a shop's Stripe account on its page.
*/
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { UserType } from '#enums/user_type'
import { LedgerService } from '#services/ledger/ledger_service'
import { sellerShop } from '#tests/functional/checkout/support'
import { consoleAs, textOf } from '#tests/functional/console/support'
import { eachInTransaction } from '#tests/helpers/transactions'
import { formAction } from '#tests/helpers/routes'

/** A shop with `cents` available, credited by an adjustment. */
async function shopWith(name: string, cents: number) {
  const seller = await sellerShop(name)
  await db.transaction((trx) =>
    new LedgerService().append(trx, [
      { shopId: seller.shop.id, type: 'ADJUSTMENT', amountCents: cents, reason: 'Opening' },
    ])
  )
  return seller
}

test.group('Console payouts', (group) => {
  eachInTransaction(group)

  test('an admin runs payouts after asking, then marks one paid and one failed', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const paidShop = await shopWith('Paid, "Quoted" Shop', 12_345)
    const failedShop = await shopWith('=Failing Shop', 2_000)
    const list = urlFor('console.payouts.index')

    const confirm = await admin.page(urlFor('console.payouts.confirm_run'))
    assert.include(textOf(confirm), 'Every shop whose available balance is at least 1.00')
    assert.include(confirm, `action="${formAction('console.payouts.run')}"`)
    const ran = await admin.submit(
      formAction('console.payouts.run'),
      urlFor('console.payouts.confirm_run'),
      list
    )
    assert.match(ran.success, /^\d+ payout\(s\) made\./)
    const payouts = await db
      .from('payouts')
      .whereIn('shop_id', [paidShop.shop.id, failedShop.shop.id])
    assert.lengthOf(payouts, 2)
    const payoutOf = (shopId: string) => payouts.find((row) => row.shop_id === shopId)

    const page = await admin.page(list, { status: 'PENDING', shopId: paidShop.shop.id })
    const text = textOf(page)
    assert.include(text, '123.45 USD')
    assert.notInclude(text, '20.00 USD')
    assert.include(
      page,
      `action="${formAction('console.payouts.paid', { id: payoutOf(paidShop.shop.id).id })}"`
    )

    // The bank's file: every pending payout, text cells quoted and formulas defused.
    const csv = await admin.get(urlFor('console.payouts.export'))
    csv.assertStatus(200)
    assert.equal(csv.header('content-type'), 'text/csv; charset=utf-8')
    const body = csv.text()
    assert.isTrue(body.startsWith('"Payout","Shop","Shop id","Amount","Currency","Made (UTC)"\r\n'))
    assert.include(
      body,
      `"${payoutOf(paidShop.shop.id).id}","Paid, ""Quoted"" Shop","${paidShop.shop.id}",123.45,"USD",`
    )
    assert.include(body, `"'=Failing Shop"`)

    await admin.expectRefused(
      formAction('console.payouts.paid', { id: payoutOf(paidShop.shop.id).id }),
      {
        from: list,
        form: { reference: '   ' },
        error: 'The request is invalid',
        stored: () =>
          db
            .from('payouts')
            .where('id', payoutOf(paidShop.shop.id).id)
            .select('status', 'reference'),
      }
    )
    const paid = await admin.submit(
      formAction('console.payouts.paid', { id: payoutOf(paidShop.shop.id).id }),
      list,
      list,
      { reference: 'BANK-777' }
    )
    assert.equal(paid.success, 'The payout is marked paid; the seller was told.')
    const failed = await admin.submit(
      formAction('console.payouts.failed', { id: payoutOf(failedShop.shop.id).id }),
      list,
      list,
      { reason: 'Closed account' }
    )
    assert.equal(failed.success, 'The payout is marked failed; its amount is back in the balance.')
    const settled = await db
      .from('payouts')
      .whereIn('shop_id', [paidShop.shop.id, failedShop.shop.id])
      .orderBy('amount_cents', 'desc')
      .select('status', 'reference', 'failure_reason')
    assert.deepEqual(settled, [
      { status: 'PAID', reference: 'BANK-777', failure_reason: null },
      { status: 'FAILED', reference: null, failure_reason: 'Closed account' },
    ])
    const again = await admin.submit(
      formAction('console.payouts.paid', { id: payoutOf(paidShop.shop.id).id }),
      list,
      list,
      { reference: 'AGAIN' }
    )
    assert.match(again.error, /no longer pending/)
    const csvAfter = await admin.get(urlFor('console.payouts.export'))
    assert.notInclude(csvAfter.text(), payoutOf(paidShop.shop.id).id)
  })

  test('the shop page sets and clears the Stripe account, refusing a malformed one', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { shop } = await sellerShop()
    const page = urlFor('console.shops.show', { id: shop.id })
    const form = formAction('console.shops.stripe_account', { id: shop.id })
    assert.include(await admin.page(page), `action="${form}"`)
    const stored = () => db.from('shops').where('id', shop.id).select('stripe_account_id')
    await admin.expectRefused(form, {
      from: page,
      form: { stripeAccountId: 'cus_123' },
      error: 'The request is invalid',
      stored,
    })
    const set = await admin.submit(form, page, page, { stripeAccountId: 'acct_1Console' })
    assert.equal(set.success, 'Payouts go to acct_1Console.')
    assert.deepEqual(await stored(), [{ stripe_account_id: 'acct_1Console' }])
    const cleared = await admin.submit(form, page, page, { stripeAccountId: '' })
    assert.equal(cleared.success, 'The Stripe account is cleared.')
    assert.deepEqual(await stored(), [{ stripe_account_id: null }])
  })
})
