import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Category from '#models/category'
import { UserType } from '#enums/user_type'
import { consoleAs, textOf } from '#tests/functional/console/support'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { formAction } from '#tests/helpers/routes'
import { productOf, sellerWithShop } from '#tests/functional/catalog/support'

/** The stored categories, as comparable facts. */
async function storedCategories() {
  const rows = await Category.query().orderBy('slug')
  return rows.map((row) => `${row.slug}/${row.name}/${row.parentId}`)
}

test.group('Console categories', (group) => {
  eachInTransaction(group)

  test('shows the tree, parents before their children', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const home = await Category.create({ name: 'Home', slug: 'home', parentId: null })
    await Category.create({ name: 'Ceramics', slug: 'ceramics', parentId: home.id })
    const html = await admin.page(urlFor('console.categories.index'))
    const text = textOf(html)
    assert.include(text, 'Categories (2)')
    assert.isBelow(text.indexOf('Home'), text.indexOf('↳ Ceramics'))
    assert.include(html, urlFor('console.categories.edit', { id: home.id }))
  })

  test('adds, moves and removes a category, audited', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const home = await Category.create({ name: 'Home', slug: 'home', parentId: null })
    const flash = await admin.submit(
      formAction('console.categories.store'),
      urlFor('console.categories.create'),
      urlFor('console.categories.index'),
      { name: 'Lamps', slug: 'Lamps', parentId: home.id }
    )
    assert.equal(flash.success, 'The category Lamps is added.')
    const lamps = await Category.findByOrFail('slug', 'lamps')
    assert.equal(lamps.parentId, home.id)

    await admin.submit(
      formAction('console.categories.update', { id: lamps.id }),
      urlFor('console.categories.edit', { id: lamps.id }),
      urlFor('console.categories.index'),
      { name: 'Lighting', slug: 'lighting', parentId: '' }
    )
    await lamps.refresh()
    assert.equal(lamps.name, 'Lighting')
    assert.isNull(lamps.parentId)

    const page = await admin.page(urlFor('console.categories.confirm_destroy', { id: lamps.id }))
    assert.include(textOf(page), 'Remove the category Lighting?')
    await admin.submit(
      formAction('console.categories.destroy', { id: lamps.id }),
      urlFor('console.categories.confirm_destroy', { id: lamps.id }),
      urlFor('console.categories.index')
    )
    assert.isNull(await Category.find(lamps.id))
    const actions = await db
      .from('admin_actions')
      .where('target_id', lamps.id)
      .orderBy('created_at', 'asc')
      .select('action')
    assert.sameMembers(
      actions.map((row) => row.action),
      ['category.created', 'category.updated', 'category.deleted']
    )
  })

  test('refuses a duplicate slug, a cycle and removing a non-empty category', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const home = await Category.create({ name: 'Home', slug: 'home', parentId: null })
    const child = await Category.create({ name: 'Ceramics', slug: 'ceramics', parentId: home.id })
    const { shop } = await sellerWithShop()
    const product = await productOf(shop)
    await db.table('product_categories').insert({ product_id: product.id, category_id: child.id })

    await admin.expectRefused(formAction('console.categories.store'), {
      from: urlFor('console.categories.create'),
      form: { name: 'Again', slug: 'home', parentId: '' },
      error: 'Another category already has this slug',
      stored: storedCategories,
    })
    await admin.expectRefused(formAction('console.categories.update', { id: home.id }), {
      from: urlFor('console.categories.edit', { id: home.id }),
      form: { name: 'Home', slug: 'home', parentId: child.id },
      error: 'A category cannot be placed under itself or one of its descendants',
      stored: storedCategories,
    })
    for (const id of [home.id, child.id]) {
      await admin.expectRefused(formAction('console.categories.destroy', { id }), {
        from: urlFor('console.categories.confirm_destroy', { id }),
        error: 'The category still has subcategories or products filed under it',
        stored: storedCategories,
      })
    }
    const invalid = await admin.expectRefused(formAction('console.categories.store'), {
      from: urlFor('console.categories.create'),
      form: { name: '', slug: 'ѕhоes', parentId: '' },
      error: 'The request is invalid',
      stored: storedCategories,
    })
    assert.sameMembers(Object.keys(invalid.inputErrorsBag), ['name', 'slug'])
  })
})
