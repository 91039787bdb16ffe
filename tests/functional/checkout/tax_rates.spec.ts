import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { TaxRateFactory } from '#database/factories/tax_rate_factory'
import { TaxRateService } from '#services/checkout/tax_rate_service'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'

const BASE = '/api/v1/admin/tax-rates'
const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field).sort()

test.group('Tax rates: who may call', (group) => {
  eachInTransaction(group)

  test('every route needs an admin token', async ({ client, assert }) => {
    const routes = [
      () => client.get(BASE),
      () => client.post(BASE).json({ country: 'US', rate: 5 }),
      () => client.put(`${BASE}/${UNKNOWN_ID}`).json({ rate: 1 }),
      () => client.delete(`${BASE}/${UNKNOWN_ID}`),
    ]
    await expectRoleMatrix(assert, routes, {
      refused: allBut(UserType.ADMIN, UserType.SUPER_ADMIN),
    })
    assert.lengthOf(await db.from('tax_rates'), 0)
  })
})

test.group('POST /api/v1/admin/tax-rates', (group) => {
  eachInTransaction(group)

  test('adds a country-wide rate, held in thousandths of a percent', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .post(BASE)
      .header('Authorization', authorization)
      .json({ country: 'us', rate: 8.25 })
    response.assertStatus(201)
    const body = response.body()
    assert.containsSubset(body, { country: 'US', region: null, rate: 8.25 })
    assert.deepEqual(Object.keys(body).sort(), [
      'country',
      'createdAt',
      'id',
      'rate',
      'region',
      'updatedAt',
    ])
    const row = await db.from('tax_rates').where('id', body.id).firstOrFail()
    assert.equal(Number(row.rate), 8250)
    assert.equal(row.region, '')
  })

  test('adds a regional rate, region upper-cased; three decimals and 0 and 100 are fine', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.SUPER_ADMIN)
    const cases: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [
        { country: 'US', region: ' ca ', rate: 7.125 },
        { region: 'CA', rate: 7.125 },
      ],
      [
        { country: 'DE', region: '', rate: 19 },
        { region: null, rate: 19 },
      ],
      [
        { country: 'HK', region: null, rate: 0 },
        { region: null, rate: 0 },
      ],
      [
        { country: 'FR', rate: 100 },
        { region: null, rate: 100 },
      ],
    ]
    for (const [input, expected] of cases) {
      const response = await client.post(BASE).header('Authorization', authorization).json(input)
      response.assertStatus(201)
      assert.containsSubset(response.body(), expected)
    }
  })

  test('a second rate for the same country and region is a 409, in any case', async ({
    client,
    assert,
  }) => {
    await TaxRateFactory.merge({ country: 'US', region: '' }).create()
    await TaxRateFactory.merge({ country: 'US', region: 'NY' }).create()
    const { authorization } = await actor(UserType.ADMIN)
    for (const input of [
      { country: 'US', rate: 1 },
      { country: 'us', region: null, rate: 2 },
      { country: 'US', region: 'ny', rate: 3 },
    ]) {
      const response = await client.post(BASE).header('Authorization', authorization).json(input)
      expectProblem(assert, response, 409, 'TAX_RATE_EXISTS')
    }
    assert.lengthOf(await db.from('tax_rates'), 2)
  })

  test('refuses invalid input', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const missing = await client.post(BASE).header('Authorization', authorization).json({})
    assert.deepEqual(fieldsOf(expectProblem(assert, missing, 400, 'VALIDATION_FAILED')), [
      'country',
      'rate',
    ])
    for (const rate of [100.001, -1, 8.2555, '8', null]) {
      const response = await client
        .post(BASE)
        .header('Authorization', authorization)
        .json({ country: 'XX', region: 'r'.repeat(101), rate })
      assert.deepEqual(fieldsOf(expectProblem(assert, response, 400, 'VALIDATION_FAILED')), [
        'country',
        'rate',
        'region',
      ])
    }
    // A null country is as missing as an absent one, on create and on update.
    const nullCountry = await client
      .post(BASE)
      .header('Authorization', authorization)
      .json({ country: null, rate: 5 })
    assert.deepEqual(fieldsOf(expectProblem(assert, nullCountry, 400, 'VALIDATION_FAILED')), [
      'country',
    ])
    assert.lengthOf(await db.from('tax_rates'), 0)
    const rate = await TaxRateFactory.merge({ country: 'US', region: 'CA' }).create()
    const cleared = await client
      .put(`${BASE}/${rate.id}`)
      .header('Authorization', authorization)
      .json({ country: null })
    cleared.assertStatus(200)
    await rate.refresh()
    assert.equal(rate.country, 'US')
  })
})

test.group('GET /api/v1/admin/tax-rates', (group) => {
  eachInTransaction(group)

  test('lists rates by country then region, paginated', async ({ client, assert }) => {
    await TaxRateFactory.merge({ country: 'US', region: 'NY', rate: 8875 }).create()
    await TaxRateFactory.merge({ country: 'DE', region: '', rate: 19000 }).create()
    await TaxRateFactory.merge({ country: 'US', region: '', rate: 5000 }).create()
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client.get(BASE).header('Authorization', authorization)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().items.map((item: any) => [item.country, item.region, item.rate]),
      [
        ['DE', null, 19],
        ['US', null, 5],
        ['US', 'NY', 8.875],
      ]
    )
    const slice = await client
      .get(BASE)
      .qs({ limit: 2, offset: 2 })
      .header('Authorization', authorization)
    assert.containsSubset(slice.body(), { total: 3, limit: 2, offset: 2 })
    assert.lengthOf(slice.body().items, 1)
  })
})

test.group('PUT and DELETE /api/v1/admin/tax-rates/{id}', (group) => {
  eachInTransaction(group)

  test('changes only the fields given; null region makes it country-wide', async ({
    client,
    assert,
  }) => {
    const rate = await TaxRateFactory.merge({ country: 'US', region: 'CA', rate: 7250 }).create()
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .put(`${BASE}/${rate.id}`)
      .header('Authorization', authorization)
      .json({ rate: 7.5 })
    response.assertStatus(200)
    assert.containsSubset(response.body(), { country: 'US', region: 'CA', rate: 7.5 })

    const wide = await client
      .put(`${BASE}/${rate.id}`)
      .header('Authorization', authorization)
      .json({ region: null })
    assert.containsSubset(wide.body(), { region: null, rate: 7.5 })
    const row = await db.from('tax_rates').where('id', rate.id).firstOrFail()
    assert.equal(row.region, '')
    assert.equal(Number(row.rate), 7500)
  })

  test('moving onto an existing destination is a 409; unknown ids are a 404', async ({
    client,
    assert,
  }) => {
    await TaxRateFactory.merge({ country: 'US', region: 'NY' }).create()
    const rate = await TaxRateFactory.merge({ country: 'US', region: 'CA' }).create()
    const { authorization } = await actor(UserType.ADMIN)
    const clash = await client
      .put(`${BASE}/${rate.id}`)
      .header('Authorization', authorization)
      .json({ region: 'Ny' })
    expectProblem(assert, clash, 409, 'TAX_RATE_EXISTS')
    const unknown = await client
      .put(`${BASE}/${UNKNOWN_ID}`)
      .header('Authorization', authorization)
      .json({ rate: 1 })
    expectProblem(assert, unknown, 404, 'TAX_RATE_NOT_FOUND')
    const invalid = await client
      .put(`${BASE}/${rate.id}`)
      .header('Authorization', authorization)
      .json({ rate: 101, country: 'ABC' })
    assert.deepEqual(fieldsOf(expectProblem(assert, invalid, 400, 'VALIDATION_FAILED')), [
      'country',
      'rate',
    ])
  })

  test('deletes a rate; a second delete is a 404', async ({ client, assert }) => {
    const rate = await TaxRateFactory.create()
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .delete(`${BASE}/${rate.id}`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { id: rate.id, deleted: true })
    assert.isNull(await db.from('tax_rates').where('id', rate.id).first())
    const again = await client.delete(`${BASE}/${rate.id}`).header('Authorization', authorization)
    expectProblem(assert, again, 404, 'TAX_RATE_NOT_FOUND')
  })
})

test.group('Tax rate of a destination', (group) => {
  eachInTransaction(group)

  test('region first, then country, then DEFAULT_TAX_RATE', async ({ assert }) => {
    await TaxRateFactory.merge({ country: 'US', region: '', rate: 5000 }).create()
    await TaxRateFactory.merge({ country: 'US', region: 'CA', rate: 7250 }).create()
    await TaxRateFactory.merge({ country: 'CA', region: 'QC', rate: 14975 }).create()
    const service = await app.container.make(TaxRateService)
    assert.equal(await service.rateFor('US', ' ca '), 7250)
    assert.equal(await service.rateFor('US', 'Oregon'), 5000)
    assert.equal(await service.rateFor('US', null), 5000)
    assert.equal(await service.rateFor('CA', 'QC'), 14975)
    // Canada has only a regional rate: elsewhere in Canada the default applies (0 in tests).
    assert.equal(await service.rateFor('CA', 'ON'), 0)
    assert.equal(await service.rateFor('DE', 'Berlin'), 0)
  })
})
