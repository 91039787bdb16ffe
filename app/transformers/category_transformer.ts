import type Category from '#models/category'
import { uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { field, instantField, shapeOf } from '#transformers/shape'

/** A category as administrators see it (the admin routes). */
export default class CategoryTransformer extends ApiTransformer<Category> {
  static readonly shape = shapeOf<Category>()({
    id: field(uuid, 'id'),
    name: field({ type: 'string' }, 'name'),
    slug: field({ type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }, 'slug'),
    parentId: field({ type: ['string', 'null'], format: 'uuid' }, 'parentId'),
    createdAt: instantField('createdAt'),
    updatedAt: instantField('updatedAt'),
  })

  toObject() {
    return CategoryTransformer.shape.write(this.resource)
  }
}
