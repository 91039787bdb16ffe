import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import TaxRate from '#models/tax_rate'
import AdminAction from '#models/admin_action'
import { defaultTaxRate } from '#services/checkout/tax_rate_service'
import { TAX_RATE } from '#support/percent'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { TaxRateFactory } from '#database/factories/tax_rate_factory'
import {
  expectPage,
  expectRedirect,
  rowText,
  signedIn,
  submitted,
  textOf,
} from '#tests/functional/console/support'

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

/** The stored rows, as comparable facts. */
async function storedRates() {
  const rows = await TaxRate.query().orderBy('country').orderBy('region')
  return rows.map((row) => `${row.country}/${row.region}/${row.rate}`)
}

test.group('Console tax rates: list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows each rate as a percent by country then region, and the default', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const california = await TaxRateFactory.merge({ region: 'CA', rate: 7250 }).create()
    const unitedStates = await TaxRateFactory.merge({ rate: 8250 }).create()
    const germany = await TaxRateFactory.merge({ country: 'DE', rate: 19_000 }).create()

    const html = expectPage(assert, await signedIn(client.get('/admin/tax-rates'), admin))
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
    const admin = await makeUser(UserType.ADMIN)
    for (let index = 0; index < 27; index++) {
      await TaxRateFactory.merge({ region: `R${String(index).padStart(2, '0')}` }).create()
    }
    const first = expectPage(assert, await signedIn(client.get('/admin/tax-rates'), admin))
    assert.include(first, 'R24')
    assert.notInclude(first, 'R25')
    assert.include(textOf(first), 'Page 1 of 2')
    const second = expectPage(
      assert,
      await signedIn(client.get('/admin/tax-rates').qs({ page: 2 }), admin)
    )
    assert.include(second, 'R26')
    assert.notInclude(second, 'R24')
  })

  test('a malformed page number is a 400 page', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const response = await signedIn(client.get('/admin/tax-rates').qs({ page: 'x' }), admin)
    response.assertStatus(400)
    assert.include(response.text(), 'This cannot be done')
  })
})

test.group('Console tax rates: create', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the form starts blank', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const html = expectPage(assert, await signedIn(client.get('/admin/tax-rates/new'), admin))
    assert.include(html, 'action="/admin/tax-rates"')
    assert.include(html, 'id="country" name="country"')
    assert.include(html, 'id="rate" name="rate"')
  })

  test('adds a rate with the API types: a percent, a region upper-cased', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const response = await submitted(
      client.post('/admin/tax-rates'),
      admin,
      '/admin/tax-rates/new'
    ).form({ country: 'us', region: ' ny ', rate: '8.875' })
    const flash = expectRedirect(assert, response, '/admin/tax-rates')
    assert.equal(flash.success, 'The tax rate for US-NY is added.')
    assert.deepEqual(await storedRates(), ['US/NY/8875'])
    // Recorded in the audit trail with who added it and from where.
    const entries = await AdminAction.query().where('actor_id', admin.id)
    assert.deepEqual(
      entries.map((entry) => [entry.action, entry.targetType, entry.clientAddress !== null]),
      [['tax_rate.created', 'tax_rate', true]]
    )
  })

  test('a blank region adds the country-wide rate', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const response = await submitted(
      client.post('/admin/tax-rates'),
      admin,
      '/admin/tax-rates/new'
    ).form({ country: 'DE', region: '', rate: '19' })
    const flash = expectRedirect(assert, response, '/admin/tax-rates')
    assert.equal(flash.success, 'The tax rate for DE is added.')
    assert.deepEqual(await storedRates(), ['DE//19000'])
  })

  test('every API rule comes back next to its field, with the input kept', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const response = await submitted(
      client.post('/admin/tax-rates'),
      admin,
      '/admin/tax-rates/new'
    ).form({ country: 'XX', region: 'r'.repeat(101), rate: '100.0001' })
    const flash = expectRedirect(assert, response, '/admin/tax-rates/new')
    assert.equal(flash.error, 'The request is invalid')
    assert.sameMembers(Object.keys(flash.inputErrorsBag), ['country', 'region', 'rate'])
    assert.deepEqual(flash.inputErrorsBag.country, [
      'The country field must be an ISO 3166-1 alpha-2 country code such as US or DE',
    ])
    assert.equal(flash.country, 'XX')
    assert.equal(flash.rate, '100.0001')
    assert.deepEqual(await storedRates(), [])

    const form = expectPage(
      assert,
      await signedIn(client.get('/admin/tax-rates/new'), admin).withFlashMessages(flash)
    )
    assert.include(form, 'value="XX"')
    assert.include(textOf(form), 'The country field must be an ISO 3166-1 alpha-2 country code')
  })

  test('a blank form names every required field', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const response = await submitted(
      client.post('/admin/tax-rates'),
      admin,
      '/admin/tax-rates/new'
    ).form({ country: '', region: '', rate: '' })
    const flash = expectRedirect(assert, response, '/admin/tax-rates/new')
    assert.deepEqual(flash.inputErrorsBag, {
      country: ['The country field must be defined'],
      rate: ['The rate field must be defined'],
    })
    assert.deepEqual(await storedRates(), [])
  })

  test('a second rate for the same destination is refused with the reason', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    await TaxRateFactory.merge({ region: 'CA', rate: 7250 }).create()
    const response = await submitted(
      client.post('/admin/tax-rates'),
      admin,
      '/admin/tax-rates/new'
    ).form({ country: 'US', region: 'ca', rate: '9' })
    const flash = expectRedirect(assert, response, '/admin/tax-rates/new')
    assert.equal(flash.error, 'A tax rate for this country and region already exists')
    assert.deepEqual(await storedRates(), ['US/CA/7250'])
  })
})

test.group('Console tax rates: edit and remove', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the form shows the stored rate as a percent', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const rate = await TaxRateFactory.merge({ region: 'CA', rate: 7250 }).create()
    const html = expectPage(
      assert,
      await signedIn(client.get(`/admin/tax-rates/${rate.id}/edit`), admin)
    )
    assert.include(textOf(html), 'Edit tax rate US-CA')
    assert.include(html, `action="/admin/tax-rates/${rate.id}"`)
    assert.match(html, /id="country"[^>]*value="US"/)
    assert.match(html, /id="region"[^>]*value="CA"/)
    assert.match(html, /id="rate"[^>]*value="7.25"/)
  })

  test('saves the whole form; a blank region makes the rate country-wide', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const rate = await TaxRateFactory.merge({ region: 'CA', rate: 7250 }).create()
    const response = await submitted(
      client.post(`/admin/tax-rates/${rate.id}`),
      admin,
      `/admin/tax-rates/${rate.id}/edit`
    ).form({ country: 'US', region: '', rate: '6.5' })
    const flash = expectRedirect(assert, response, '/admin/tax-rates')
    assert.equal(flash.success, 'The tax rate for US is saved.')
    assert.deepEqual(await storedRates(), ['US//6500'])
  })

  test('invalid input goes back to the form and changes nothing', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const rate = await TaxRateFactory.merge({ region: 'CA', rate: 7250 }).create()
    await TaxRateFactory.merge({ region: 'NY', rate: 8875 }).create()
    const editPage = `/admin/tax-rates/${rate.id}/edit`

    const invalid = await submitted(
      client.post(`/admin/tax-rates/${rate.id}`),
      admin,
      editPage
    ).form({ country: 'US', region: 'CA', rate: '-1' })
    const flash = expectRedirect(assert, invalid, editPage)
    assert.equal(flash.error, 'The request is invalid')
    assert.sameMembers(Object.keys(flash.inputErrorsBag), ['rate'])

    const taken = await submitted(client.post(`/admin/tax-rates/${rate.id}`), admin, editPage).form(
      { country: 'US', region: 'ny', rate: '5' }
    )
    assert.equal(
      expectRedirect(assert, taken, editPage).error,
      'A tax rate for this country and region already exists'
    )
    assert.deepEqual(await storedRates(), ['US/CA/7250', 'US/NY/8875'])
  })

  test('asks before removing, then removes', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const rate = await TaxRateFactory.merge({ region: 'CA', rate: 7250 }).create()
    const page = expectPage(
      assert,
      await signedIn(client.get(`/admin/tax-rates/${rate.id}/delete`), admin)
    )
    assert.include(textOf(page), 'Remove the tax rate for US-CA?')
    assert.include(textOf(page), 'taxed at the country-wide rate of US')
    assert.include(page, `action="/admin/tax-rates/${rate.id}/delete"`)
    assert.deepEqual(await storedRates(), ['US/CA/7250'])

    const response = await submitted(
      client.post(`/admin/tax-rates/${rate.id}/delete`),
      admin,
      `/admin/tax-rates/${rate.id}/delete`
    )
    const flash = expectRedirect(assert, response, '/admin/tax-rates')
    assert.equal(flash.success, 'The tax rate for US-CA is removed.')
    assert.deepEqual(await storedRates(), [])

    const again = await submitted(
      client.post(`/admin/tax-rates/${rate.id}/delete`),
      admin,
      '/admin/tax-rates'
    )
    assert.equal(expectRedirect(assert, again, '/admin/tax-rates').error, 'Tax rate not found')
  })

  test('an unknown rate is a 404 page', async ({ client, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    for (const path of [
      `/admin/tax-rates/${UNKNOWN_ID}/edit`,
      `/admin/tax-rates/${UNKNOWN_ID}/delete`,
    ]) {
      const response = await signedIn(client.get(path), admin)
      response.assertStatus(404)
      assert.include(response.text(), 'Tax rate not found')
    }
  })
})
