import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { UserType } from '#enums/user_type'
import { ShippingMethodFactory } from '#database/factories/shipping_method_factory'
import { ShippingMethodService } from '#services/checkout/shipping_method_service'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'

const CUSTOMER_LIST = '/api/v1/checkout/shipping-method'
const ADMIN = '/api/v1/admin/shipping-methods'
const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field).sort()

const namesOf = (body: { items: Array<{ name: string }> }) => body.items.map((item) => item.name)

test.group('GET /api/v1/checkout/shipping-method', (group) => {
  eachInTransaction(group)

  test('a fresh database offers Standard (5.00) and Express (15.00)', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client.get(CUSTOMER_LIST).header('Authorization', authorization)
    response.assertStatus(200)
    const { items, total, limit, offset } = response.body()
    assert.deepEqual({ total, limit, offset }, { total: 2, limit: 20, offset: 0 })
    assert.containsSubset(items, [
      { name: 'Standard', price: 5, estimatedDays: 5, isActive: true },
      { name: 'Express', price: 15, estimatedDays: 2, isActive: true },
    ])
    assert.deepEqual(Object.keys(items[0]).sort(), [
      'description',
      'estimatedDays',
      'id',
      'isActive',
      'name',
      'price',
    ])
  })

  test('shows only active methods that were not deleted, cheapest first', async ({
    client,
    assert,
  }) => {
    await ShippingMethodFactory.merge({ name: 'Pigeon', priceCents: 1 }).create()
    await ShippingMethodFactory.merge({ name: 'Paused' }).apply('inactive').create()
    const gone = await ShippingMethodFactory.merge({ name: 'Gone' }).create()
    const shippingMethod = await app.container.make(ShippingMethodService)
    await shippingMethod.delete(null, gone.id)

    const { authorization } = await actor(UserType.CUSTOMER)
    const response = await client.get(CUSTOMER_LIST).header('Authorization', authorization)
    assert.deepEqual(namesOf(response.body()), ['Pigeon', 'Standard', 'Express'])
    assert.equal(response.body().items[0].price, 0.01)
  })

  test('needs a customer token', async ({ client, assert }) => {
    await expectRoleMatrix(assert, [() => client.get(CUSTOMER_LIST)], {
      refused: allBut(UserType.CUSTOMER),
    })
  })
})

test.group('Admin shipping methods: who may call', (group) => {
  eachInTransaction(group)

  test('every route needs an admin token', async ({ client, assert }) => {
    const body = { name: 'Drone', price: 9, estimatedDays: 1 }
    const routes = [
      () => client.get(ADMIN),
      () => client.post(ADMIN).json(body),
      () => client.put(`${ADMIN}/${UNKNOWN_ID}`).json({ price: 1 }),
      () => client.delete(`${ADMIN}/${UNKNOWN_ID}`),
    ]
    await expectRoleMatrix(assert, routes, {
      refused: allBut(UserType.ADMIN, UserType.SUPER_ADMIN),
    })
    assert.lengthOf(await db.from('shipping_methods'), 2)
  })
})

test.group('POST /api/v1/admin/shipping-methods', (group) => {
  eachInTransaction(group)

  test('creates a method, price in cents below the edge', async ({ client, assert }) => {
    for (const type of [UserType.ADMIN, UserType.SUPER_ADMIN]) {
      const { authorization } = await actor(type)
      const name = `Same day ${type}`
      const response = await client
        .post(ADMIN)
        .header('Authorization', authorization)
        .json({ name: ` ${name} `, description: 'By bike', price: 12.5, estimatedDays: 0 })
      response.assertStatus(201)
      assert.containsSubset(response.body(), {
        name,
        description: 'By bike',
        price: 12.5,
        estimatedDays: 0,
        isActive: true,
      })
      const row = await db.from('shipping_methods').where('id', response.body().id).firstOrFail()
      assert.equal(Number(row.price_cents), 1250)
      assert.isNull(row.deleted_at)
    }
  })

  test('a free and inactive method is fine', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .post(ADMIN)
      .header('Authorization', authorization)
      .json({ name: 'Pick-up', price: 0, estimatedDays: 1, isActive: false })
    response.assertStatus(201)
    assert.containsSubset(response.body(), { price: 0, isActive: false, description: null })
  })

  test('refuses invalid input', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const missing = await client.post(ADMIN).header('Authorization', authorization).json({})
    assert.deepEqual(fieldsOf(expectProblem(assert, missing, 400, 'VALIDATION_FAILED')), [
      'estimatedDays',
      'name',
      'price',
    ])
    const wrong = await client
      .post(ADMIN)
      .header('Authorization', authorization)
      .json({
        name: 'n'.repeat(101),
        description: 'd'.repeat(501),
        price: 1.005,
        estimatedDays: 2.5,
        isActive: 'true',
      })
    assert.deepEqual(fieldsOf(expectProblem(assert, wrong, 400, 'VALIDATION_FAILED')), [
      'description',
      'estimatedDays',
      'isActive',
      'name',
      'price',
    ])
    for (const price of [-1, '5', 1_000_000.01]) {
      const response = await client
        .post(ADMIN)
        .header('Authorization', authorization)
        .json({ name: 'Odd', price, estimatedDays: 366 })
      assert.deepEqual(fieldsOf(expectProblem(assert, response, 400, 'VALIDATION_FAILED')), [
        'estimatedDays',
        'price',
      ])
    }
  })

  test('a name already used by a live method, in any case, is a 409', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .post(ADMIN)
      .header('Authorization', authorization)
      .json({ name: 'EXPRESS', price: 1, estimatedDays: 1 })
    expectProblem(assert, response, 409, 'SHIPPING_METHOD_EXISTS')
    assert.lengthOf(await db.from('shipping_methods').whereRaw('lower(name) = ?', ['express']), 1)
  })

  test('the name of a deleted method may be used again', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const old = await ShippingMethodFactory.merge({ name: 'Freight' }).create()
    const shippingMethod = await app.container.make(ShippingMethodService)
    await shippingMethod.delete(null, old.id)
    const response = await client
      .post(ADMIN)
      .header('Authorization', authorization)
      .json({ name: 'freight', price: 30, estimatedDays: 10 })
    response.assertStatus(201)
    assert.notEqual(response.body().id, old.id)

    // A new row beside the deleted one, which stays deleted.
    const rows = await db
      .from('shipping_methods')
      .whereRaw('lower(name) = ?', ['freight'])
      .orderBy('created_at')
    assert.deepEqual(
      rows.map((row) => [row.id, row.price_cents, row.deleted_at === null]),
      [
        [old.id, old.priceCents, false],
        [response.body().id, 3000, true],
      ]
    )
  })
})

test.group('GET /api/v1/admin/shipping-methods', (group) => {
  eachInTransaction(group)

  test('lists active and inactive methods, not deleted ones, paginated', async ({
    client,
    assert,
  }) => {
    await ShippingMethodFactory.merge({ name: 'Paused', priceCents: 100 })
      .apply('inactive')
      .create()
    const gone = await ShippingMethodFactory.merge({ name: 'Gone' }).create()
    const shippingMethod = await app.container.make(ShippingMethodService)
    await shippingMethod.delete(null, gone.id)

    const { authorization } = await actor(UserType.ADMIN)
    const response = await client.get(ADMIN).header('Authorization', authorization)
    response.assertStatus(200)
    assert.deepEqual(namesOf(response.body()), ['Paused', 'Standard', 'Express'])
    assert.equal(response.body().total, 3)

    const slice = await client
      .get(ADMIN)
      .qs({ limit: 1, offset: 2 })
      .header('Authorization', authorization)
    assert.deepEqual(namesOf(slice.body()), ['Express'])
    assert.containsSubset(slice.body(), { total: 3, limit: 1, offset: 2 })

    const bad = await client.get(ADMIN).qs({ limit: 101 }).header('Authorization', authorization)
    assert.deepEqual(fieldsOf(expectProblem(assert, bad, 400, 'VALIDATION_FAILED')), ['limit'])
  })
})

test.group('PUT /api/v1/admin/shipping-methods/{id}', (group) => {
  eachInTransaction(group)

  test('changes only the fields given; isActive false withdraws it from customers', async ({
    client,
    assert,
  }) => {
    const method = await ShippingMethodFactory.merge({ name: 'Van', priceCents: 800 }).create()
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .put(`${ADMIN}/${method.id}`)
      .header('Authorization', authorization)
      .json({ price: 9.99, isActive: false })
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      id: method.id,
      name: 'Van',
      price: 9.99,
      isActive: false,
      estimatedDays: method.estimatedDays,
    })
    const row = await db.from('shipping_methods').where('id', method.id).firstOrFail()
    assert.equal(Number(row.price_cents), 999)

    const customer = await actor(UserType.CUSTOMER)
    const offered = await client.get(CUSTOMER_LIST).header('Authorization', customer.authorization)
    assert.notInclude(namesOf(offered.body()), 'Van')
  })

  test('renaming onto another live name is a 409; unknown or deleted ids are a 404', async ({
    client,
    assert,
  }) => {
    const method = await ShippingMethodFactory.merge({ name: 'Van' }).create()
    const gone = await ShippingMethodFactory.merge({ name: 'Gone' }).create()
    const shippingMethod = await app.container.make(ShippingMethodService)
    await shippingMethod.delete(null, gone.id)
    const { authorization } = await actor(UserType.ADMIN)

    const clash = await client
      .put(`${ADMIN}/${method.id}`)
      .header('Authorization', authorization)
      .json({ name: 'standard' })
    expectProblem(assert, clash, 409, 'SHIPPING_METHOD_EXISTS')

    for (const id of [UNKNOWN_ID, gone.id]) {
      const response = await client
        .put(`${ADMIN}/${id}`)
        .header('Authorization', authorization)
        .json({ price: 1 })
      expectProblem(assert, response, 404, 'SHIPPING_METHOD_NOT_FOUND')
    }

    const invalid = await client
      .put(`${ADMIN}/${method.id}`)
      .header('Authorization', authorization)
      .json({ price: -5, name: '' })
    assert.deepEqual(fieldsOf(expectProblem(assert, invalid, 400, 'VALIDATION_FAILED')), [
      'name',
      'price',
    ])
  })
})

test.group('DELETE /api/v1/admin/shipping-methods/{id}', (group) => {
  eachInTransaction(group)

  test('deletes for good: the row is kept, hidden everywhere; a second delete is a 404', async ({
    client,
    assert,
  }) => {
    const method = await ShippingMethodFactory.merge({ name: 'Van' }).create()
    const { authorization } = await actor(UserType.ADMIN)
    const response = await client
      .delete(`${ADMIN}/${method.id}`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { id: method.id, deleted: true })

    const row = await db.from('shipping_methods').where('id', method.id).firstOrFail()
    assert.isNotNull(row.deleted_at)
    assert.isFalse(Boolean(row.is_active))

    const list = await client.get(ADMIN).header('Authorization', authorization)
    assert.notInclude(namesOf(list.body()), 'Van')
    const again = await client
      .delete(`${ADMIN}/${method.id}`)
      .header('Authorization', authorization)
    expectProblem(assert, again, 404, 'SHIPPING_METHOD_NOT_FOUND')
  })
})

test.group('Essential shipping methods', (group) => {
  eachInTransaction(group)

  test('seeding again adds nothing, and never brings back a deleted method', async ({ assert }) => {
    const service = await app.container.make(ShippingMethodService)
    await service.ensureEssential()
    const rows = await db.from('shipping_methods').orderBy('price_cents')
    assert.deepEqual(
      rows.map((row) => row.name),
      ['Standard', 'Express']
    )
    const standard = await db.from('shipping_methods').where('name', 'Standard').firstOrFail()
    await service.delete(null, standard.id)
    await service.ensureEssential()
    assert.lengthOf(await db.from('shipping_methods').where('name', 'Standard'), 1)
    assert.lengthOf(await db.from('shipping_methods').whereNull('deleted_at'), 1)
  })
})
