import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { createCategoryValidator, updateCategoryValidator } from '#validators/category'
import { CategoryService, type CategoryNode } from '#services/catalog/category_service'
import type Category from '#models/category'
import CategoryPolicy from '#policies/category_policy'

/** A category as a row of the console's tree, with its depth for indenting. */
interface TreeRow {
  category: Category
  depth: number
}

function rowsOf(nodes: CategoryNode[], depth = 0): TreeRow[] {
  return nodes.flatMap((node) => [
    { category: node.category, depth },
    ...rowsOf(node.children, depth + 1),
  ])
}

/** Console: the category tree; add, rename, move and remove categories with the API's rules. */
@inject()
export default class CategoriesController {
  constructor(protected categories: CategoryService) {}

  /** The whole tree, indented. */
  async index({ bouncer, view }: HttpContext) {
    await bouncer.with(CategoryPolicy).authorize('viewAny')
    const rows = rowsOf(await this.categories.tree())
    return view.render('pages/admin/categories/index', { section: 'categories', rows })
  }

  /** The new-category form. */
  async create({ bouncer, view }: HttpContext) {
    await bouncer.with(CategoryPolicy).authorize('create')
    const parents = rowsOf(await this.categories.tree())
    return view.render('pages/admin/categories/new', {
      section: 'categories',
      values: { name: '', slug: '', parentId: null },
      parents,
    })
  }

  /** Adds a category. */
  async store({ actor, bouncer, request, response, session }: HttpContext) {
    await bouncer.with(CategoryPolicy).authorize('create')
    const input = await request.validateUsing(createCategoryValidator, { meta: { form: true } })
    const category = await this.categories.create(actor, input)
    session.flash('success', `The category ${category.name} is added.`)
    return response.redirect().toRoute('console.categories.index')
  }

  /** The edit form of one category; its own branch is left out of the parents offered. */
  async edit({ bouncer, params, view }: HttpContext) {
    await bouncer.with(CategoryPolicy).authorize('update')
    const category = await this.categories.find(params.id)
    const parents = rowsOf(await this.categories.tree())
    return view.render('pages/admin/categories/edit', {
      section: 'categories',
      category,
      values: { name: category.name, slug: category.slug, parentId: category.parentId },
      parents: parents.filter((row) => row.category.id !== category.id),
    })
  }

  /** Saves the form: a blank parent makes the category a root. */
  async update({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(CategoryPolicy).authorize('update')
    const input = await request.validateUsing(updateCategoryValidator, { meta: { form: true } })
    const category = await this.categories.update(actor, params.id, {
      ...input,
      parentId: input.parentId ?? null,
    })
    session.flash('success', `The category ${category.name} is saved.`)
    return response.redirect().toRoute('console.categories.index')
  }

  /** Asks before removing a category. */
  async confirmDestroy({ bouncer, params, view }: HttpContext) {
    await bouncer.with(CategoryPolicy).authorize('delete')
    const category = await this.categories.find(params.id)
    return view.render('pages/admin/categories/delete', { section: 'categories', category })
  }

  /** Removes an empty category. */
  async destroy({ actor, bouncer, params, response, session }: HttpContext) {
    await bouncer.with(CategoryPolicy).authorize('delete')
    const category = await this.categories.find(params.id)
    await this.categories.delete(actor, params.id)
    session.flash('success', `The category ${category.name} is removed.`)
    return response.redirect().toRoute('console.categories.index')
  }
}
