import { inject } from '@adonisjs/core'
import { CategoryService, type CategoryNode } from '#services/catalog/category_service'

/** A node of the public tree: the category's fields and its subcategories. */
export interface CategoryTreeNode {
  id: string
  name: string
  slug: string
  parentId: string | null
  children: CategoryTreeNode[]
}

function treeNode(node: CategoryNode): CategoryTreeNode {
  const { category } = node
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    parentId: category.parentId,
    children: node.children.map(treeNode),
  }
}

/** The public category tree: `GET /api/v1/categories`, no token needed. */
@inject()
export default class CategoriesController {
  constructor(protected categories: CategoryService) {}

  /** The whole tree, roots first, siblings by name. */
  async index() {
    const roots = await this.categories.tree()
    return { items: roots.map(treeNode) }
  }
}
