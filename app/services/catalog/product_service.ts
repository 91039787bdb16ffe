import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Product, { type ProductOption } from '#models/product'
import ProductVariant from '#models/product_variant'
import { InvalidVariant, ProductHasVariants, ProductNotFound } from '#exceptions/catalog_errors'
import { ShopService } from '#services/catalog/shop_service'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { sqlTime } from '#support/sql_time'
import { AuditTrail } from '#services/admin/audit_trail_service'
import type { Actor } from '#support/actor'
import { isAdministrator } from '#policies/roles'
import {
  ProductVariantService,
  translatingConflicts,
  variantRuled,
  viewOf,
  type VariantInput,
} from '#services/catalog/product_variant_service'
import { MAX_VARIANTS, checkedOptionChange, checkedOptions } from '#services/catalog/variant_rules'
import { CategoryService } from '#services/catalog/category_service'
import { ProductImageService, removeFiles } from '#services/catalog/product_image_service'

/**
 * A product as a seller describes it; money in integer cents. A product without options takes
 * `sku`, `priceCents` and `stock` for its one default variant; a product with options takes its
 * `variants` instead (docs/api/catalog.md, "Variants").
 */
export interface ProductInput {
  shopId: string
  name: string
  description?: string | null
  isActive?: boolean
  /** Replaces the product's categories when given. */
  categoryIds?: string[]
  options?: ProductOption[]
  variants?: VariantInput[]
  sku?: string
  priceCents?: number
  stock?: number
}

/**
 * A seller's products: every query is scoped to shops the seller owns. An administrator edits any
 * shop's product from the console through `update` (and the variant and image services), each
 * change recorded in the audit trail.
 */
@inject()
export class ProductService {
  constructor(
    protected shops: ShopService,
    protected categories: CategoryService,
    protected images: ProductImageService,
    protected audit: AuditTrail,
    protected variants: ProductVariantService
  ) {}

  /**
   * Adds a product to one of the seller's shops with its variants; a SKU already used in that
   * shop is a 409.
   */
  async create(actor: Actor, input: ProductInput): Promise<Product> {
    const options = variantRuled(() => checkedOptions(input.options ?? []))
    const variants = initialVariants(options, input)
    return translatingConflicts(() =>
      db.transaction(async (trx) => {
        const shop = await this.shops.ownedShop(actor, input.shopId, trx)
        const product = await Product.create(
          {
            shopId: shop.id,
            name: input.name,
            description: input.description ?? null,
            options,
            // Any variant's price meets the column's CHECK until `refreshPrice` sets the lowest.
            priceCents: variants[0].priceCents,
            isActive: input.isActive ?? true,
          },
          { client: trx }
        )
        product.$setRelated('shop', shop)
        const created = await this.variants.insert(trx, product, variants)
        product.priceCents = await this.variants.refreshPrice(trx, product.id)
        product.$extras.variants = created.map(viewOf)
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
    const variants = await this.variants.variantsOf(productIds, { onSaleOnly: false })
    for (const product of result.items) {
      product.$extras.categoryIds = ids.get(product.id) ?? []
      product.$extras.images = images.get(product.id) ?? []
      product.$extras.variants = variants.get(product.id) ?? []
    }
    return result
  }

  /**
   * Changes the given fields; moving to another shop needs that shop to be the seller's too, and
   * takes the product's variants with it. `sku`, `priceCents` and `stock` change the one variant
   * of a product without options (a product with options is changed per variant); options keep
   * their names and may gain values. An administrator's change is recorded as `product.updated`
   * with the fields it changed (none changed: nothing recorded).
   */
  async update(actor: Actor, productId: string, input: Partial<ProductInput>): Promise<Product> {
    return translatingConflicts(() =>
      db.transaction(async (trx) => {
        const product = await this.variants.lockOwned(actor, productId, trx)
        const before = isAdministrator(actor.user) ? await this.#audited(trx, product) : null
        if (input.shopId !== undefined && input.shopId !== product.shopId) {
          const shop = await this.shops.ownedShop(actor, input.shopId, trx)
          product.shopId = shop.id
          product.$setRelated('shop', shop)
          await this.variants.moveToShop(trx, product.id, shop.id)
        } else {
          await product.load('shop')
        }
        if (input.name !== undefined) product.name = input.name
        if (input.description !== undefined) product.description = input.description
        if (input.options !== undefined) {
          product.options = variantRuled(() => checkedOptionChange(product.options, input.options!))
        }
        // The seller's own switch; an administrator's takedown outlasts it (`takeDown`).
        if (input.isActive !== undefined) product.isActive = input.isActive
        await product.useTransaction(trx).save()

        const defaultVariantChange = {
          sku: input.sku,
          priceCents: input.priceCents,
          stock: input.stock,
        }
        if (Object.values(defaultVariantChange).some((value) => value !== undefined)) {
          if (product.options.length > 0) throw new ProductHasVariants()
          const [variant] = await ProductVariant.query({ client: trx })
            .withScopes((scopes) => scopes.notDeleted())
            .where('product_id', product.id)
          await this.variants.change(trx, product, variant, defaultVariantChange)
          await product.refresh()
        }
        product.$extras.categoryIds =
          input.categoryIds === undefined
            ? await this.categories.idsOfProduct(product.id, trx)
            : await this.categories.fileProduct(trx, product.id, input.categoryIds)
        const variants = await this.variants.variantsOf([product.id], { onSaleOnly: false }, trx)
        product.$extras.variants = variants.get(product.id) ?? []
        if (before) {
          await this.audit.recordUpdate(
            trx,
            actor,
            { action: 'product.updated', targetType: 'product', targetId: product.id },
            before,
            await this.#audited(trx, product)
          )
        }
        return product
      })
    )
  }

  /**
   * The fields of a product an edit may change, as the audit trail records them: its own, its
   * options, its sorted category ids and, without options, its one variant's SKU, price (cents)
   * and stock.
   */
  async #audited(trx: TransactionClientContract, product: Product) {
    const fields: Record<string, unknown> = {
      shopId: product.shopId,
      name: product.name,
      description: product.description,
      isActive: product.isActive,
      options: product.options,
      categoryIds: await this.categories.idsOfProduct(product.id, trx),
    }
    if (product.options.length > 0) return fields
    const variant = await ProductVariant.query({ client: trx })
      .withScopes((scopes) => scopes.notDeleted())
      .where('product_id', product.id)
      .firstOrFail()
    return { ...fields, sku: variant.sku, priceCents: variant.priceCents, stock: variant.stock }
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
      await this.variants.deleteAll(trx, productId)
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
    const variants = await this.variants.variantsOf([product.id], { onSaleOnly: false }, trx)
    product.$extras.variants = variants.get(product.id) ?? []
    return product
  }
}

/**
 * The variants a new product starts with: its `variants` when it has options, else one default
 * variant from its own `sku`, `priceCents` and `stock`. The validator asks for one or the other.
 */
function initialVariants(options: ProductOption[], input: ProductInput): VariantInput[] {
  const own = [input.sku, input.priceCents, input.stock]
  if (options.length === 0) {
    if (input.variants !== undefined) {
      throw new InvalidVariant('A product without options has no variants: send sku, price, stock')
    }
    if (own.some((value) => value === undefined)) {
      throw new InvalidVariant('A product without options needs sku, price and stock')
    }
    return [{ sku: input.sku!, priceCents: input.priceCents!, stock: input.stock! }]
  }
  if (own.some((value) => value !== undefined)) {
    throw new InvalidVariant('A product with options takes sku, price and stock per variant')
  }
  if (!input.variants || input.variants.length === 0) {
    throw new InvalidVariant('A product with options needs at least one variant')
  }
  if (input.variants.length > MAX_VARIANTS) {
    throw new InvalidVariant(`A product has at most ${MAX_VARIANTS} variants`)
  }
  return input.variants
}

/** The fields of a takedown, as the audit trail records them. */
function takedownFields(product: Product) {
  return { takenDownAt: product.takenDownAt, takedownReason: product.takedownReason }
}
