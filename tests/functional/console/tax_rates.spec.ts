import { test } from '@japa/runner'
import TaxRate from '#models/tax_rate'
import AdminAction from '#models/admin_action'
import { defaultTaxRate } from '#services/checkout/tax_rate_service'
import { TAX_RATE } from '#support/percent'
import { UserType } from '#enums/user_type'
import { TaxRateFactory } from '#database/factories/tax_rate_factory'
import { consoleAs, rowText, textOf } from '#tests/functional/console/support'
import { UNKNOWN_ID } from '#tests/helpers/ids'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { formAction } from '#tests/helpers/routes'

/** The stored rows, as comparable facts. */
async function storedRates() {
  const rows = await TaxRate.query().orderBy('country').orderBy('region')
  return rows.map((row) => `${row.country}/${row.region}/${row.rate}`)
}

test.group('Console tax rates: list', (group) => {
  eachInTransaction(group)

  test('shows each rate as a percent by country then region, and the default', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const california = await TaxRateFactory.merge({ region: 'CA', rate: 7250 }).create()
    const unitedStates = await TaxRateFactory.merge({ rate: 8250 }).create()
    const germany = await TaxRateFactory.merge({ country: 'DE', rate: 19_000 }).create()

    const html = await admin.page(urlFor('console.tax_rates.index'))
    assert.equal(rowText(assert, html, germany.id), 'DE whole country 19 % Edit Remove')
    assert.equal(rowText(assert, html, unitedStates.id), 'US whole country 8.25 % Edit Remove')
    assert.equal(rowText(assert, html, california.id), 'US CA 7.25 % Edit Remove')
    assert.isBelow(html.indexOf(germany.id), html.indexOf(unitedStates.id))
    assert.isBelow(html.indexOf(unitedStates.id), html.indexOf(california.id))
    assert.include(textOf(html), 'Tax rates (3)')
    assert.include(
      textOf(html),
      `else at the default rate (${defaultTaxRate() / TAX_RATE.perPercent} %, DEFAULT_TAX_RATE )`
    )
  })

  test('pages through 25 rates at a time', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    for (let index = 0; index < 27; index++) {
      await TaxRateFactory.merge({ region: `R${String(index).padStart(2, '0')}` }).create()
    }
    const first = await admin.page(urlFor('console.tax_rates.index'))
    assert.include(first, 'R24')
    assert.notInclude(first, 'R25')
    assert.include(textOf(first), 'Page 1 of 2')
    const second = await admin.page(urlFor('console.tax_rates.index'), { page: 2 })
    assert.include(second, 'R26')
    assert.notInclude(second, 'R24')
  })

  test('a malformed page number is a 400 page', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await admin.expectErrorPage(urlFor('console.tax_rates.index'), 400, 'This cannot be done', {
      page: 'x',
    })
  })
})

test.group('Console tax rates: create', (group) => {
  eachInTransaction(group)

  test('the form starts blank', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const html = await admin.page(urlFor('console.tax_rates.create'))
    assert.include(html, `action="${formAction('console.tax_rates.store')}"`)
    assert.include(html, 'id="country" name="country"')
    assert.include(html, 'id="rate" name="rate"')
  })

  test('{label}')
    .with([
      {
        label: 'adds a rate with the API types: a percent, a region upper-cased',
        form: { country: 'us', region: ' ny ', rate: '8.875' },
        success: 'The tax rate for US-NY is added.',
        stored: ['US/NY/8875'],
      },
      {
        label: 'a blank region adds the country-wide rate',
        form: { country: 'DE', region: '', rate: '19' },
        success: 'The tax rate for DE is added.',
        stored: ['DE//19000'],
      },
    ])
    .run(async ({ client, assert }, { form, success, stored }) => {
      const admin = await consoleAs(UserType.ADMIN, { client, assert })
      const flash = await admin.submit(
        formAction('console.tax_rates.store'),
        urlFor('console.tax_rates.create'),
        urlFor('console.tax_rates.index'),
        form
      )
      assert.equal(flash.success, success)
      assert.deepEqual(await storedRates(), stored)
      // Recorded in the audit trail with who added it and from where.
      const entries = await AdminAction.query().where('actor_id', admin.user.id)
      assert.deepEqual(
        entries.map((entry) => [entry.action, entry.targetType, entry.clientAddress !== null]),
        [['tax_rate.created', 'tax_rate', true]]
      )
    })

  test('every API rule comes back next to its field, with the input kept', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const flash = await admin.expectRefused(formAction('console.tax_rates.store'), {
      from: urlFor('console.tax_rates.create'),
      form: { country: 'XX', region: 'r'.repeat(101), rate: '100.0001' },
      error: 'The request is invalid',
      stored: storedRates,
    })
    assert.sameMembers(Object.keys(flash.inputErrorsBag), ['country', 'region', 'rate'])
    assert.deepEqual(flash.inputErrorsBag.country, [
      'Country must be an ISO 3166-1 alpha-2 country code such as US or DE',
    ])
    assert.equal(flash.country, 'XX')
    assert.equal(flash.rate, '100.0001')
    assert.deepEqual(await storedRates(), [])

    const form = await admin.pageWithFlash(urlFor('console.tax_rates.create'), flash)
    assert.include(form, 'value="XX"')
    assert.include(textOf(form), 'Country must be an ISO 3166-1 alpha-2 country code')
  })

  test('a blank form names every required field', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const flash = await admin.expectRefused(formAction('console.tax_rates.store'), {
      from: urlFor('console.tax_rates.create'),
      form: { country: '', region: '', rate: '' },
      error: 'The request is invalid',
      stored: storedRates,
    })
    assert.deepEqual(flash.inputErrorsBag, {
      country: ['Country is required'],
      rate: ['Rate is required'],
    })
    assert.deepEqual(await storedRates(), [])
  })

  test('a second rate for the same destination is refused with the reason', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await TaxRateFactory.merge({ region: 'CA', rate: 7250 }).create()
    await admin.expectRefused(formAction('console.tax_rates.store'), {
      from: urlFor('console.tax_rates.create'),
      form: { country: 'US', region: 'ca', rate: '9' },
      error: 'A tax rate for this country and region already exists',
      stored: storedRates,
    })
    assert.deepEqual(await storedRates(), ['US/CA/7250'])
  })
})

test.group('Console tax rates: edit and remove', (group) => {
  eachInTransaction(group)

  test('the form shows the stored rate as a percent', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const rate = await TaxRateFactory.merge({ region: 'CA', rate: 7250 }).create()
    const html = await admin.page(urlFor('console.tax_rates.edit', { id: rate.id }))
    assert.include(textOf(html), 'Edit tax rate US-CA')
    assert.include(html, `action="${formAction('console.tax_rates.update', { id: rate.id })}"`)
    assert.match(html, /id="country"[^>]*value="US"/)
    assert.match(html, /id="region"[^>]*value="CA"/)
    assert.match(html, /id="rate"[^>]*value="7.25"/)
  })

  test('saves the whole form; a blank region makes the rate country-wide', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const rate = await TaxRateFactory.merge({ region: 'CA', rate: 7250 }).create()
    const flash = await admin.submit(
      formAction('console.tax_rates.update', { id: rate.id }),
      urlFor('console.tax_rates.edit', { id: rate.id }),
      urlFor('console.tax_rates.index'),
      { country: 'US', region: '', rate: '6.5' }
    )
    assert.equal(flash.success, 'The tax rate for US is saved.')
    assert.deepEqual(await storedRates(), ['US//6500'])
  })

  test('invalid input goes back to the form and changes nothing', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const rate = await TaxRateFactory.merge({ region: 'CA', rate: 7250 }).create()
    await TaxRateFactory.merge({ region: 'NY', rate: 8875 }).create()
    const editPage = urlFor('console.tax_rates.edit', { id: rate.id })

    const flash = await admin.expectRefused(
      formAction('console.tax_rates.update', { id: rate.id }),
      {
        from: editPage,
        form: { country: 'US', region: 'CA', rate: '-1' },
        error: 'The request is invalid',
        stored: storedRates,
      }
    )
    assert.sameMembers(Object.keys(flash.inputErrorsBag), ['rate'])

    await admin.expectRefused(formAction('console.tax_rates.update', { id: rate.id }), {
      from: editPage,
      form: { country: 'US', region: 'ny', rate: '5' },
      error: 'A tax rate for this country and region already exists',
      stored: storedRates,
    })
    assert.deepEqual(await storedRates(), ['US/CA/7250', 'US/NY/8875'])
  })

  test('asks before removing, then removes', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const rate = await TaxRateFactory.merge({ region: 'CA', rate: 7250 }).create()
    const deletePage = urlFor('console.tax_rates.confirm_destroy', { id: rate.id })
    const destroy = formAction('console.tax_rates.destroy', { id: rate.id })
    const page = await admin.page(deletePage)
    assert.include(textOf(page), 'Remove the tax rate for US-CA?')
    assert.include(textOf(page), 'taxed at the country-wide rate of US')
    assert.include(page, `action="${destroy}"`)
    assert.deepEqual(await storedRates(), ['US/CA/7250'])

    const flash = await admin.submit(destroy, deletePage, urlFor('console.tax_rates.index'))
    assert.equal(flash.success, 'The tax rate for US-CA is removed.')
    assert.deepEqual(await storedRates(), [])

    const again = await admin.submit(
      destroy,
      urlFor('console.tax_rates.index'),
      urlFor('console.tax_rates.index')
    )
    assert.equal(again.error, 'Tax rate not found')
  })

  test('an unknown rate is a 404 page', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    for (const path of [
      urlFor('console.tax_rates.edit', { id: UNKNOWN_ID }),
      urlFor('console.tax_rates.confirm_destroy', { id: UNKNOWN_ID }),
    ]) {
      await admin.expectErrorPage(path, 404, 'Tax rate not found')
    }
  })
})
