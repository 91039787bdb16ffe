import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Product from '#models/product'
import { ProductNotFound, SkuExists } from '#exceptions/catalog_errors'
import { ShopService } from '#services/catalog/shop_service'
import { isUniqueViolation } from '#support/db_errors'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { sqlTime } from '#support/sql_time'
import { AuditTrail } from '#services/admin/audit_trail_service'
import type { Actor } from '#support/actor'
import { OutboxService } from '#services/mail/outbox_service'
import { lowStockEvent } from '#services/integrations/webhook_events'
import { crossesLowStock, lowStockThreshold } from '#services/catalog/stock_service'
import { lockedStock } from '#queries/product_stock'
import { CategoryService } from '#services/catalog/category_service'
import { ProductImageService, removeFiles } from '#services/catalog/product_image_service'

/** A product as a seller describes it; money in integer cents. */
export interface ProductInput {
  shopId: string
  name: string
  description?: string | null
  sku: string
  priceCents: number
  stock: number
  isActive?: boolean
  /** Replaces the product's categories when given. */
  categoryIds?: string[]
}

const SKU_INDEX = {
  name: 'products_shop_sku_unique',
  table: 'products',
  columns: ['shop_id', 'sku'],
}

/** A seller's products: every query is scoped to shops the seller owns. */
@inject()
export class ProductService {
  constructor(
    protected shops: ShopService,
    protected categories: CategoryService,
    protected images: ProductImageService,
    protected audit: AuditTrail,
    protected outbox: OutboxService
  ) {}

  /** Adds a product to one of the seller's shops; a SKU already used in that shop is a 409. */
  async create(actor: Actor, input: ProductInput): Promise<Product> {
    return this.#translatingSkuConflict(() =>
      db.transaction(async (trx) => {
        const shop = await this.shops.ownedShop(actor, input.shopId, trx)
        const product = await Product.create(
          {
            shopId: shop.id,
            name: input.name,
            description: input.description ?? null,
            sku: input.sku,
            priceCents: input.priceCents,
            stock: input.stock,
            isActive: input.isActive ?? true,
          },
          { client: trx }
        )
        product.$setRelated('shop', shop)
        product.$extras.categoryIds = await this.categories.fileProduct(
          trx,
          product.id,
          input.categoryIds ?? []
        )
        return product
      })
    )
  }

  /** The seller's products, newest first, optionally of one of its shops. */
  async list(
    actor: Actor,
    filter: { shopId?: string },
    page: PageRequest
  ): Promise<PageResult<Product>> {
    if (filter.shopId) await this.shops.ownedShop(actor, filter.shopId)
    const query = this.#owned(actor).preload('shop')
    if (filter.shopId) query.where('products.shop_id', filter.shopId)
    const result = await pageOf(query, page, (slice) =>
      slice.withScopes((scopes) => scopes.sortedBy('newest'))
    )
    const productIds = result.items.map((product) => product.id)
    const ids = await this.categories.idsOf(productIds)
    const images = await this.images.imagesOf(productIds)
    for (const product of result.items) {
      product.$extras.categoryIds = ids.get(product.id) ?? []
      product.$extras.images = images.get(product.id) ?? []
    }
    return result
  }

  /**
   * Changes the given fields; moving to another shop needs that shop to be the seller's too. A
   * new stock count that takes the product from above the low-stock threshold to at or below it
   * sends `product.low_stock`, in this transaction.
   */
  async update(actor: Actor, productId: string, input: Partial<ProductInput>): Promise<Product> {
    return this.#translatingSkuConflict(() =>
      db.transaction(async (trx) => {
        const product = await this.find(actor, productId, trx)
        if (input.shopId !== undefined && input.shopId !== product.shopId) {
          const shop = await this.shops.ownedShop(actor, input.shopId, trx)
          product.shopId = shop.id
          product.$setRelated('shop', shop)
        }
        if (input.name !== undefined) product.name = input.name
        if (input.description !== undefined) product.description = input.description
        if (input.sku !== undefined) product.sku = input.sku
        if (input.priceCents !== undefined) product.priceCents = input.priceCents
        // An absolute count, as the seller counted it; checkouts decrement it conditionally. The
        // count it replaces is read locked, so a concurrent placement's crossing and this one's
        // are judged one after the other and the threshold is announced once.
        const stockBefore =
          input.stock === undefined ? product.stock : await lockedStock(trx, product.id)
        if (input.stock !== undefined) product.stock = input.stock
        // The seller's own switch; an administrator's takedown outlasts it (`takeDown`).
        if (input.isActive !== undefined) product.isActive = input.isActive
        await product.save()
        const threshold = lowStockThreshold()
        if (crossesLowStock(stockBefore, product.stock, threshold)) {
          const at = DateTime.now()
          const crossing = {
            productId: product.id,
            shopId: product.shopId,
            name: product.name,
            sku: product.sku,
            stock: product.stock,
          }
          await this.outbox.enqueueAll(trx, [lowStockEvent(crossing, threshold, at)], at)
        }
        product.$extras.categoryIds =
          input.categoryIds === undefined
            ? await this.categories.idsOfProduct(product.id, trx)
            : await this.categories.fileProduct(trx, product.id, input.categoryIds)
        return product
      })
    )
  }

  /**
   * An administrator takes any shop's product off sale, whatever its seller's `isActive` says,
   * until an administrator restores it; the seller sees the reason. The audit trail records the
   * change in the same transaction. A product already taken down keeps its first reason and
   * nothing is recorded; a deleted product is a 404.
   */
  async takeDown(actor: Actor, productId: string, reason: string): Promise<Product> {
    // To the second, as SQLite keeps it: the audit trail records the instant as stored.
    const takenDownAt = DateTime.now().startOf('second')
    return this.#changeTakedown(actor, productId, { takenDownAt, reason })
  }

  /**
   * Lifts an administrator's takedown: the product is on sale again if its seller's switch is on
   * and its shop is selling. A product not taken down changes nothing and nothing is recorded.
   */
  async restore(actor: Actor, productId: string): Promise<Product> {
    return this.#changeTakedown(actor, productId, null)
  }

  async #changeTakedown(
    actor: Actor,
    productId: string,
    takedown: { takenDownAt: DateTime; reason: string } | null
  ): Promise<Product> {
    return db.transaction(async (trx) => {
      // Racing administrators queue on the row lock (PostgreSQL; SQLite runs one writer at a
      // time): the second finds the state already set and records nothing.
      const product = await Product.query({ client: trx })
        .withScopes((scopes) => scopes.notDeleted())
        .where('products.id', productId)
        .forUpdate()
        .first()
      if (!product) throw new ProductNotFound()
      if (Boolean(product.takenDownAt) === Boolean(takedown)) return product

      const before = takedownFields(product)
      product.takenDownAt = takedown?.takenDownAt ?? null
      product.takedownReason = takedown?.reason ?? null
      await product.useTransaction(trx).save()
      await this.audit.record(trx, {
        actor,
        action: takedown ? 'product.taken_down' : 'product.restored',
        targetType: 'product',
        targetId: product.id,
        before,
        after: takedownFields(product),
      })
      return product
    })
  }

  /**
   * Soft-deletes the product: it leaves the catalog, the seller's lists and carts' totals, while
   * orders that reference it keep their row.
   */
  async delete(actor: Actor, productId: string): Promise<void> {
    // Its images go with it: rows in this transaction, files once it has committed.
    const storageKeys = await db.transaction(async (trx) => {
      const deleted = await Product.query({ client: trx })
        .where('id', productId)
        .whereNull('deleted_at')
        .whereIn('shop_id', trx.from('shops').select('id').where('seller_id', actor.user.id))
        .update({
          deleted_at: sqlTime(DateTime.now(), trx),
          updated_at: sqlTime(DateTime.now(), trx),
        })
      if (Number(deleted) !== 1) throw new ProductNotFound()
      // A deleted product no longer holds its categories: they can be removed once empty.
      await trx.from('product_categories').where('product_id', productId).delete()
      return this.images.detachAll(trx, productId)
    })
    await removeFiles(storageKeys)
  }

  #owned(actor: Actor, trx?: TransactionClientContract) {
    return Product.query({ client: trx })
      .withScopes((scopes) => scopes.notDeleted())
      .whereHas('shop', (shop) => shop.where('seller_id', actor.user.id))
  }

  /** One of the seller's products, whatever its active flag; deleted ones are gone. */
  async find(actor: Actor, productId: string, trx?: TransactionClientContract): Promise<Product> {
    const product = await this.#owned(actor, trx)
      .where('products.id', productId)
      .preload('shop')
      .first()
    if (!product) throw new ProductNotFound()
    product.$extras.categoryIds = await this.categories.idsOfProduct(product.id, trx)
    const images = await this.images.imagesOf([product.id])
    product.$extras.images = images.get(product.id) ?? []
    return product
  }

  /** The unique index decides SKU races; its refusal becomes the domain's 409. */
  async #translatingSkuConflict<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (isUniqueViolation(error, SKU_INDEX)) throw new SkuExists()
      throw error
    }
  }
}

/** The fields of a takedown, as the audit trail records them. */
function takedownFields(product: Product) {
  return { takenDownAt: product.takenDownAt, takedownReason: product.takedownReason }
}
