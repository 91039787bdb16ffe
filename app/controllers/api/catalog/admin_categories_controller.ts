import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CategoryService } from '#services/catalog/category_service'
import {
  categoryListValidator,
  createCategoryValidator,
  updateCategoryValidator,
} from '#validators/category'
import { pageRequest } from '#validators/pagination'
import CategoryTransformer from '#transformers/category_transformer'
import { serialize } from '#http/serialize'
import { page } from '#http/page'
import CategoryPolicy from '#policies/category_policy'

/** The category tree's management: `/api/v1/admin/categories`. */
@inject()
export default class AdminCategoriesController {
  constructor(protected categories: CategoryService) {}

  /** Lists every category by slug. */
  async index({ bouncer, request }: HttpContext) {
    await bouncer.with(CategoryPolicy).authorize('viewAny')
    const query = await request.validateUsing(categoryListValidator, { data: request.qs() })
    const slice = pageRequest(query)
    const result = await this.categories.list(slice)
    return page(CategoryTransformer.transform(result.items), result.total, slice)
  }

  /** Adds a category at the root or under a parent. */
  async store({ actor, bouncer, request, response }: HttpContext) {
    await bouncer.with(CategoryPolicy).authorize('create')
    const input = await request.validateUsing(createCategoryValidator, { data: request.body() })
    const category = await this.categories.create(actor, input)
    return response.created(await serialize(CategoryTransformer.transform(category)))
  }

  /** Renames, re-slugs or moves a category. */
  async update({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(CategoryPolicy).authorize('update')
    const input = await request.validateUsing(updateCategoryValidator, { data: request.body() })
    const category = await this.categories.update(actor, params.id, input)
    return serialize(CategoryTransformer.transform(category))
  }

  /** Removes an empty category. */
  async destroy({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(CategoryPolicy).authorize('delete')
    await this.categories.delete(actor, params.id)
    return { id: params.id, deleted: true }
  }
}
