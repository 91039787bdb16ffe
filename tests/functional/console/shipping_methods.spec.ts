import { test } from '@japa/runner'
import ShippingMethod from '#models/shipping_method'
import AdminAction from '#models/admin_action'
import { UserType } from '#enums/user_type'
import { ShippingMethodFactory } from '#database/factories/shipping_method_factory'
import { consoleAs, rowText, textOf } from '#tests/functional/console/support'
import { UNKNOWN_ID } from '#tests/helpers/ids'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { formAction } from '#tests/helpers/routes'

/** The fields a browser sends for a valid new method. */
const validForm = {
  _form: 'shipping-method',
  name: ' Overnight ',
  description: 'Next business day',
  price: '24.5',
  estimatedDays: '1',
  isActive: 'true',
}

/** The methods not deleted, as comparable facts. */
/** The valid form with its box unticked and its description blank. */
function untickedForm() {
  const { isActive: ticked, ...unticked } = validForm
  return { ...unticked, description: '' }
}

async function storedMethods() {
  const rows = await ShippingMethod.query().whereNull('deleted_at').orderBy('name')
  return rows.map(
    (row) => `${row.name}/${row.description}/${row.priceCents}/${row.estimatedDays}/${row.isActive}`
  )
}

test.group('Console shipping methods: list', (group) => {
  // The essential seed's methods are in every fresh database; each test starts from none.
  eachInTransaction(group, ShippingMethod)

  test('shows active and inactive methods cheapest first; deleted ones are gone', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const courier = await ShippingMethodFactory.merge({
      name: 'Courier',
      priceCents: 1250,
      estimatedDays: 2,
    }).create()
    const post = await ShippingMethodFactory.apply('inactive')
      .merge({ name: 'Post', description: null, priceCents: 300, estimatedDays: 7 })
      .create()
    await ShippingMethodFactory.merge({ name: 'Gone', deletedAt: courier.createdAt }).create()

    const html = await admin.page(urlFor('console.shipping_methods.index'))
    assert.equal(
      rowText(assert, html, courier.id),
      'Courier Door to door 12.50 2 active Edit Deactivate'
    )
    assert.equal(rowText(assert, html, post.id), 'Post 3.00 7 inactive Edit Activate')
    assert.isBelow(html.indexOf(post.id), html.indexOf(courier.id))
    assert.notInclude(html, 'Gone')
    assert.include(textOf(html), 'Shipping methods (2)')
  })

  test('a malformed page number is a 400 page', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await admin.expectErrorPage(
      urlFor('console.shipping_methods.index'),
      400,
      'This cannot be done',
      {
        page: '0',
      }
    )
  })
})

test.group('Console shipping methods: forms', (group) => {
  eachInTransaction(group, ShippingMethod)

  test('the new form starts active', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const html = await admin.page(urlFor('console.shipping_methods.create'))
    assert.include(html, `action="${formAction('console.shipping_methods.store')}"`)
    assert.match(html, /id="isActive"[^>]*checked/)
  })

  test('adds a method with the API types: an amount in cents, days, the box', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const flash = await admin.submit(
      formAction('console.shipping_methods.store'),
      urlFor('console.shipping_methods.create'),
      urlFor('console.shipping_methods.index'),
      validForm
    )
    assert.equal(flash.success, 'Shipping method Overnight is added.')
    assert.deepEqual(await storedMethods(), ['Overnight/Next business day/2450/1/true'])
    // Recorded in the audit trail with who added it and from where.
    const entries = await AdminAction.query().where('actor_id', admin.user.id)
    assert.deepEqual(
      entries.map((entry) => [entry.action, entry.targetType, entry.clientAddress !== null]),
      [['shipping_method.created', 'shipping_method', true]]
    )
  })

  test('an unticked box adds an inactive method; a blank description means none', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await admin.submit(
      formAction('console.shipping_methods.store'),
      urlFor('console.shipping_methods.create'),
      urlFor('console.shipping_methods.index'),
      untickedForm()
    )
    assert.deepEqual(await storedMethods(), ['Overnight/null/2450/1/false'])
  })

  test('every API rule comes back next to its field, with the input kept', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const flash = await admin.expectRefused(formAction('console.shipping_methods.store'), {
      from: urlFor('console.shipping_methods.create'),
      form: { ...validForm, name: '', price: '1.005', estimatedDays: '366' },
      error: 'The request is invalid',
      stored: storedMethods,
    })
    assert.sameMembers(Object.keys(flash.inputErrorsBag), ['name', 'price', 'estimatedDays'])
    assert.equal(flash.price, '1.005')
    assert.equal(flash._form, 'shipping-method')
    assert.deepEqual(await storedMethods(), [])

    const form = await admin.pageWithFlash(urlFor('console.shipping_methods.create'), flash)
    assert.include(form, 'value="1.005"')
    assert.include(textOf(form), flash.inputErrorsBag.estimatedDays[0])
  })

  test('a name in use (any case) is refused with the reason', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await ShippingMethodFactory.merge({ name: 'OVERNIGHT', priceCents: 100 }).create()
    await admin.expectRefused(formAction('console.shipping_methods.store'), {
      from: urlFor('console.shipping_methods.create'),
      form: validForm,
      error: /already exists/,
      stored: storedMethods,
    })
    assert.deepEqual(await storedMethods(), ['OVERNIGHT/Door to door/100/3/true'])
  })

  test('the edit form shows the stored method in API units', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const method = await ShippingMethodFactory.merge({ name: 'Courier', priceCents: 1250 }).create()
    const html = await admin.page(urlFor('console.shipping_methods.edit', { id: method.id }))
    assert.include(textOf(html), 'Edit shipping method Courier')
    assert.match(html, /id="price"[^>]*value="12.5"/)
    assert.match(html, /id="estimatedDays"[^>]*value="3"/)
    assert.match(html, /id="isActive"[^>]*checked/)
  })

  test('saves the whole form; invalid input changes nothing', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const method = await ShippingMethodFactory.merge({ name: 'Courier', priceCents: 1250 }).create()
    const editPage = urlFor('console.shipping_methods.edit', { id: method.id })

    const invalid = await admin.expectRefused(
      formAction('console.shipping_methods.update', { id: method.id }),
      {
        from: editPage,
        form: { ...validForm, price: '-1' },
        error: 'The request is invalid',
        stored: storedMethods,
      }
    )
    assert.sameMembers(Object.keys(invalid.inputErrorsBag), ['price'])
    assert.deepEqual(await storedMethods(), ['Courier/Door to door/1250/3/true'])

    const flash = await admin.submit(
      formAction('console.shipping_methods.update', { id: method.id }),
      editPage,
      urlFor('console.shipping_methods.index'),
      untickedForm()
    )
    assert.equal(flash.success, 'Shipping method Overnight is saved.')
    assert.deepEqual(await storedMethods(), ['Overnight/null/2450/1/false'])
  })

  test('deactivates and reactivates at once, back to the list', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const method = await ShippingMethodFactory.merge({ name: 'Courier' }).create()
    const off = await admin.submit(
      formAction('console.shipping_methods.deactivate', { id: method.id }),
      urlFor('console.shipping_methods.index', {}, { qs: { page: 1 } }),
      urlFor('console.shipping_methods.index', {}, { qs: { page: 1 } })
    )
    assert.equal(off.success, 'Shipping method Courier is deactivated.')
    assert.isFalse(await ShippingMethod.findOrFail(method.id).then((row) => row.isActive))

    const on = await admin.submit(
      formAction('console.shipping_methods.activate', { id: method.id }),
      urlFor('console.shipping_methods.index'),
      urlFor('console.shipping_methods.index')
    )
    assert.equal(on.success, 'Shipping method Courier is active.')
    assert.isTrue(await ShippingMethod.findOrFail(method.id).then((row) => row.isActive))
  })

  test('unknown and deleted methods are 404 pages', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const deleted = await ShippingMethodFactory.create()
    await deleted.merge({ deletedAt: deleted.createdAt }).save()
    for (const id of [UNKNOWN_ID, deleted.id]) {
      await admin.expectErrorPage(
        urlFor('console.shipping_methods.edit', { id: id }),
        404,
        'Shipping method not found'
      )
    }
  })
})
