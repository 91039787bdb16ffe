import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Category from '#models/category'
import {
  CategoryCycle,
  CategoryNotEmpty,
  CategoryNotFound,
  CategorySlugExists,
  UnknownCategories,
} from '#exceptions/catalog_errors'
import { isForeignKeyViolation, isUniqueViolation } from '#support/db_errors'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { AuditTrail } from '#services/admin/audit_trail_service'
import type { Actor } from '#support/actor'

/** A category as an administrator writes it. */
export interface CategoryInput {
  name: string
  slug: string
  parentId?: string | null
}

/** A category with its subcategories, as the public tree shows it. */
export interface CategoryNode {
  category: Category
  children: CategoryNode[]
}

const SLUG_INDEX = { name: 'categories_slug_unique', table: 'categories', columns: ['slug'] }

/** Key of the PostgreSQL advisory lock that serialises changes to the category tree. */
const TREE_LOCK_KEY = 7_131_301

/**
 * The category tree: administrators create, rename, move and delete categories; sellers file
 * products under them. Every change of the tree runs under one lock (an advisory lock on
 * PostgreSQL; SQLite runs one writer at a time), so two moves that would together close a cycle
 * are judged one after the other, and each change is recorded in the audit trail in its
 * transaction.
 */
@inject()
export class CategoryService {
  constructor(protected audit: AuditTrail) {}

  /** Every category, by slug (the admin list). */
  async list(page: PageRequest): Promise<PageResult<Category>> {
    return pageOf(Category.query(), page, (query) =>
      query.orderBy('slug', 'asc').orderBy('id', 'asc')
    )
  }

  /** The whole tree, siblings by name then slug. */
  async tree(): Promise<CategoryNode[]> {
    const categories = await Category.query().orderBy('name', 'asc').orderBy('slug', 'asc')
    const nodes = new Map(categories.map((category) => [category.id, { category, children: [] }]))
    const roots: CategoryNode[] = []
    for (const node of nodes.values()) {
      const parent = node.category.parentId ? nodes.get(node.category.parentId) : undefined
      if (parent) (parent.children as CategoryNode[]).push(node)
      else roots.push(node)
    }
    return roots
  }

  /** One category; an unknown id is a 404. */
  async find(id: string, trx?: TransactionClientContract): Promise<Category> {
    const category = await Category.find(id, { client: trx })
    if (!category) throw new CategoryNotFound()
    return category
  }

  /** Adds a category, at the root or under `parentId` (which must exist: else 404). */
  async create(actor: Actor, input: CategoryInput): Promise<Category> {
    return this.#write(async (trx) => {
      if (input.parentId) await this.find(input.parentId, trx)
      const category = await Category.create(
        { name: input.name, slug: input.slug, parentId: input.parentId ?? null },
        { client: trx }
      )
      await this.audit.record(trx, {
        actor,
        action: 'category.created',
        targetType: 'category',
        targetId: category.id,
        before: null,
        after: auditedFields(category),
      })
      return category
    })
  }

  /**
   * Changes the fields given; `parentId: null` makes it a root. A parent that is the category
   * itself or one of its descendants is a 409 `CATEGORY_CYCLE`.
   */
  async update(actor: Actor, id: string, input: Partial<CategoryInput>): Promise<Category> {
    return this.#write(async (trx) => {
      const category = await this.find(id, trx)
      const before = auditedFields(category)
      if (input.parentId !== undefined && input.parentId !== category.parentId) {
        if (input.parentId !== null) await this.#refuseCycle(category.id, input.parentId, trx)
        category.parentId = input.parentId
      }
      if (input.name !== undefined) category.name = input.name
      if (input.slug !== undefined) category.slug = input.slug
      await category.useTransaction(trx).save()
      await this.audit.recordUpdate(
        trx,
        actor,
        { action: 'category.updated', targetType: 'category', targetId: category.id },
        before,
        auditedFields(category)
      )
      return category
    })
  }

  /**
   * Removes a category that has neither subcategories nor products (a deleted product's filings
   * went with it): else 409 `CATEGORY_NOT_EMPTY`. The restricting
   * foreign keys refuse the same if a product is filed under it meanwhile.
   */
  async delete(actor: Actor, id: string): Promise<void> {
    await this.#write(async (trx) => {
      const category = await this.find(id, trx)
      const child = await trx.from('categories').where('parent_id', id).select('id').first()
      const filed = await trx
        .from('product_categories')
        .where('category_id', id)
        .select('product_id')
        .first()
      if (child || filed) throw new CategoryNotEmpty()
      await trx.from('categories').where('id', id).delete()
      await this.audit.record(trx, {
        actor,
        action: 'category.deleted',
        targetType: 'category',
        targetId: id,
        before: auditedFields(category),
        after: null,
      })
    }, CategoryNotEmpty)
  }

  /**
   * Files a product under exactly `categoryIds` (replacing its filings), within the caller's
   * transaction. An id naming no category is a 422 `UNKNOWN_CATEGORIES`; a category deleted
   * meanwhile is refused the same by the foreign key.
   */
  async fileProduct(
    trx: TransactionClientContract,
    productId: string,
    categoryIds: string[]
  ): Promise<string[]> {
    const ids = [...new Set(categoryIds)]
    if (ids.length > 0) {
      const known = await trx.from('categories').whereIn('id', ids).count('* as total').first()
      if (Number(known?.total ?? 0) !== ids.length) throw new UnknownCategories()
    }
    await trx.from('product_categories').where('product_id', productId).delete()
    if (ids.length > 0) {
      try {
        await trx
          .table('product_categories')
          .multiInsert(
            ids.map((categoryId) => ({ product_id: productId, category_id: categoryId }))
          )
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new UnknownCategories()
        throw error
      }
    }
    return ids.sort()
  }

  /** The category ids of each product, sorted (products without any get an empty list). */
  async idsOf(
    productIds: string[],
    trx?: TransactionClientContract
  ): Promise<Map<string, string[]>> {
    const byProduct = new Map(productIds.map((productId) => [productId, [] as string[]]))
    if (productIds.length === 0) return byProduct
    const rows: { product_id: string; category_id: string }[] = await (trx ?? db)
      .from('product_categories')
      .whereIn('product_id', productIds)
      .select('product_id', 'category_id')
      .orderBy('category_id', 'asc')
    for (const row of rows) byProduct.get(row.product_id)?.push(row.category_id)
    return byProduct
  }

  /** The sorted category ids of one product. */
  async idsOfProduct(productId: string, trx?: TransactionClientContract): Promise<string[]> {
    const ids = await this.idsOf([productId], trx)
    return ids.get(productId) ?? []
  }

  /** Walks up from the would-be parent: meeting the category itself means a cycle. */
  async #refuseCycle(categoryId: string, parentId: string, trx: TransactionClientContract) {
    const parents = new Map(
      (
        (await trx.from('categories').select('id', 'parent_id')) as {
          id: string
          parent_id: string | null
        }[]
      ).map((row) => [row.id, row.parent_id])
    )
    if (!parents.has(parentId)) throw new CategoryNotFound()
    let cursor: string | null | undefined = parentId
    const seen = new Set<string>()
    while (cursor && !seen.has(cursor)) {
      if (cursor === categoryId) throw new CategoryCycle()
      seen.add(cursor)
      cursor = parents.get(cursor)
    }
  }

  /**
   * Runs a change of the tree in its own transaction under the tree lock; the unique slug index
   * turns a duplicate into 409 `CATEGORY_SLUG_EXISTS`, a restricting foreign key into `onForeignKey`.
   */
  async #write<T>(
    work: (trx: TransactionClientContract) => Promise<T>,
    onForeignKey: new () => Error = CategoryNotFound
  ): Promise<T> {
    try {
      return await db.transaction(async (trx) => {
        if (trx.dialect.name === 'postgres') {
          await trx.rawQuery('select pg_advisory_xact_lock(?)', [TREE_LOCK_KEY])
        }
        return work(trx)
      })
    } catch (error) {
      if (isUniqueViolation(error, SLUG_INDEX)) throw new CategorySlugExists()
      if (isForeignKeyViolation(error)) throw new onForeignKey()
      throw error
    }
  }
}

/** The fields of a category an administrator sets, as the audit trail shows them. */
function auditedFields(category: Category): Record<string, unknown> {
  return { name: category.name, slug: category.slug, parentId: category.parentId }
}
