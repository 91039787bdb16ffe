import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Shop from '#models/shop'
import type Product from '#models/product'
import type AdminAction from '#models/admin_action'
import { ImageNotFound, ShopNotFound } from '#exceptions/catalog_errors'
import { AuditTrail } from '#services/admin/audit_trail_service'
import { ProductDirectoryService } from '#services/admin/product_directory_service'
import { isUuid } from '#support/uuid'
import Category from '#models/category'
import { ProductImageService, type ImageView } from '#services/catalog/product_image_service'
import { CategoryService, type CategoryNode } from '#services/catalog/category_service'

/** How many of a shop's or a product's most recent audit entries its page shows. */
export const CATALOG_PAGE_RECENT = 25

/** The console's page of one shop. */
export interface ShopOverview {
  shop: Shop
  /** Its products not deleted, and how many of them an administrator took down. */
  products: { total: number; takenDown: number }
  /** The administrative changes of the shop, newest first; null when not asked for. */
  activity: AdminAction[] | null
  activityTotal: number
}

/** The console's page of one product. */
export interface ProductOverview {
  product: Product
  /** The categories its seller filed it under, by name. */
  categories: Category[]
  /** Its images in order. */
  images: ImageView[]
  activity: AdminAction[] | null
  activityTotal: number
}

/** A category the edit form offers: its path from the root, and whether the product is in it. */
export interface CategoryChoice {
  id: string
  path: string
  chosen: boolean
}

/**
 * An image on the edit form, with the whole order its _Move up_ and _Move down_ buttons send
 * (null at either end).
 */
export interface ImageChoice extends ImageView {
  upOrder: string[] | null
  downOrder: string[] | null
}

/** The console's edit page of one product. */
export interface ProductEdit {
  product: Product
  categories: CategoryChoice[]
  images: ImageChoice[]
}

/**
 * The console's detail pages of a shop and of a product: the record, with the audit trail's
 * entries about it for a reader allowed the trail (Super Admins; `AdminActionPolicy`).
 */
@inject()
export class CatalogOverviewService {
  constructor(
    protected audit: AuditTrail,
    protected products: ProductDirectoryService,
    protected images: ProductImageService,
    protected categories: CategoryService
  ) {}

  /** One shop with its seller; 404 for an unknown or malformed id. */
  async shop(shopId: string, { withActivity = false } = {}): Promise<ShopOverview> {
    // A malformed id would make PostgreSQL reject the query; it names no shop either way.
    const shop = isUuid(shopId)
      ? await Shop.query()
          .where('id', shopId)
          .preload('seller', (seller) => seller.select('id', 'email'))
          .first()
      : null
    if (!shop) throw new ShopNotFound()
    const [[counted], activity] = await Promise.all([
      db
        .from('products')
        .where('shop_id', shop.id)
        .whereNull('deleted_at')
        .count('* as total')
        .select(db.raw('sum(case when taken_down_at is null then 0 else 1 end) as taken_down')),
      this.#activity('shop', shop.id, withActivity),
    ])
    return {
      shop,
      products: { total: Number(counted.total), takenDown: Number(counted.taken_down ?? 0) },
      activity: activity?.items ?? null,
      activityTotal: activity?.total ?? 0,
    }
  }

  /** One product not deleted, with its shop; 404 otherwise. */
  async product(productId: string, { withActivity = false } = {}): Promise<ProductOverview> {
    const product = await this.products.find(productId)
    const activity = await this.#activity('product', product.id, withActivity)
    const categories = await Category.query()
      .whereIn(
        'id',
        db.from('product_categories').select('category_id').where('product_id', product.id)
      )
      .orderBy('name', 'asc')
    const images = await this.images.imagesOf([product.id])
    return {
      product,
      categories,
      images: images.get(product.id) ?? [],
      activity: activity?.items ?? null,
      activityTotal: activity?.total ?? 0,
    }
  }

  /**
   * One product not deleted as its edit form shows it: every category of the tree in order, by
   * its path, those the product is filed under chosen; its images in order, each with the order
   * that moves it one place up or down. 404 otherwise.
   */
  async productEdit(productId: string): Promise<ProductEdit> {
    const product = await this.products.find(productId)
    const chosen = new Set(await this.categories.idsOfProduct(product.id))
    const categories = flattened(await this.categories.tree(), '').map((entry) => ({
      ...entry,
      chosen: chosen.has(entry.id),
    }))
    const byProduct = await this.images.imagesOf([product.id])
    const images = byProduct.get(product.id) ?? []
    const ids = images.map((image) => image.id)
    return {
      product,
      categories,
      images: images.map((image, index) => ({
        ...image,
        upOrder: index === 0 ? null : swapped(ids, index - 1),
        downOrder: index === ids.length - 1 ? null : swapped(ids, index),
      })),
    }
  }

  /** One image of a product not deleted (its delete page); 404 otherwise. */
  async productImage(productId: string, imageId: string) {
    const product = await this.products.find(productId)
    const byProduct = await this.images.imagesOf([product.id])
    const images = byProduct.get(product.id) ?? []
    const image = images.find((candidate) => candidate.id === imageId)
    if (!image) throw new ImageNotFound()
    return { product, image }
  }

  async #activity(targetType: 'shop' | 'product', targetId: string, wanted: boolean) {
    if (!wanted) return null
    return this.audit.list({ targetType, targetId }, { limit: CATALOG_PAGE_RECENT, offset: 0 })
  }
}

/** The tree's categories depth first, each with its path from the root ("Home › Lamps"). */
function flattened(nodes: CategoryNode[], parentPath: string): Array<{ id: string; path: string }> {
  return nodes.flatMap((node) => {
    const path = parentPath ? `${parentPath} › ${node.category.name}` : node.category.name
    return [{ id: node.category.id, path }, ...flattened(node.children, path)]
  })
}

/** `ids` with the entries at `index` and `index + 1` swapped. */
function swapped(ids: string[], index: number): string[] {
  const order = [...ids]
  ;[order[index], order[index + 1]] = [order[index + 1], order[index]]
  return order
}
