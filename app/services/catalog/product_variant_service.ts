import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Product from '#models/product'
import ProductVariant, { type OptionValues } from '#models/product_variant'
import {
  InvalidVariant,
  LastVariant,
  ProductNotFound,
  SkuExists,
  VariantNotFound,
} from '#exceptions/catalog_errors'
import type { Actor } from '#support/actor'
import { isAdministrator } from '#policies/roles'
import { AuditTrail, changedFields } from '#services/admin/audit_trail_service'
import { isUniqueViolation } from '#support/db_errors'
import { sqlTime } from '#support/sql_time'
import { OutboxService } from '#services/mail/outbox_service'
import { lowStockEvent } from '#services/integrations/webhook_events'
import { crossesLowStock, lowStockThreshold } from '#services/catalog/stock_service'
import { lockedStock } from '#queries/product_stock'
import { liveVariantsOf } from '#queries/product_variants'
import {
  MAX_VARIANTS,
  VariantRuleBroken,
  checkedOptionValues,
  optionKeyOf,
} from '#services/catalog/variant_rules'

/** A variant as a seller describes it; money in integer cents. */
export interface VariantInput {
  sku: string
  priceCents: number
  stock: number
  isActive?: boolean
  optionValues?: OptionValues
}

/** A variant as the catalog shows it (`ProductTransformer`). */
export interface VariantView {
  id: string
  sku: string
  optionValues: OptionValues
  priceCents: number
  stock: number
  isActive: boolean
}

const SKU_INDEX = {
  name: 'product_variants_shop_sku_unique',
  table: 'product_variants',
  columns: ['shop_id', 'sku'],
}

const COMBINATION_INDEX = {
  name: 'product_variants_product_options_unique',
  table: 'product_variants',
  columns: ['product_id', 'option_key'],
}

/**
 * The variants of a seller's products (docs/api/catalog.md, "Variants"), which an administrator
 * may also change on any shop's product from the console, each change recorded in the audit
 * trail. Every write locks the product's row first, so the product's lowest price
 * (`products.price_cents`, kept here) and the count of its variants are judged one writer at a
 * time; the unique indexes decide SKU and combination races, and their refusals become the
 * domain's 409 and 422.
 */
@inject()
export class ProductVariantService {
  constructor(
    protected outbox: OutboxService,
    protected audit: AuditTrail
  ) {}

  /** Adds a variant to one of the seller's products with options. */
  async add(actor: Actor, productId: string, input: VariantInput): Promise<ProductVariant> {
    return translatingConflicts(() =>
      db.transaction(async (trx) => {
        const product = await this.lockOwned(actor, productId, trx)
        const live = await this.#live(trx, product.id)
        if (product.options.length === 0) {
          throw new InvalidVariant(
            'This product has no options: its one variant is changed through the product'
          )
        }
        if (live.length >= MAX_VARIANTS) {
          throw new InvalidVariant(`A product has at most ${MAX_VARIANTS} variants`)
        }
        const [variant] = await this.insert(trx, product, [input], nextPosition(live))
        await this.refreshPrice(trx, product.id)
        if (isAdministrator(actor.user)) {
          await this.audit.record(trx, {
            actor,
            action: 'product.variant_added',
            targetType: 'product',
            targetId: product.id,
            after: auditedVariant(variant),
          })
        }
        return variant
      })
    )
  }

  /**
   * Changes the given fields of a variant. A new stock count that takes it from above the
   * low-stock threshold to at or below it sends `product.low_stock`, in this transaction; the
   * count it replaces is read locked, so a concurrent placement's crossing and this one's are
   * judged one after the other and the threshold is announced once.
   */
  async update(
    actor: Actor,
    productId: string,
    variantId: string,
    input: Partial<VariantInput>
  ): Promise<ProductVariant> {
    return translatingConflicts(() =>
      db.transaction(async (trx) => {
        const product = await this.lockOwned(actor, productId, trx)
        const variant = await this.#liveVariant(trx, product.id, variantId)
        const before = auditedVariant(variant)
        await this.change(trx, product, variant, input)
        const changed = changedFields(before, auditedVariant(variant))
        if (changed && isAdministrator(actor.user)) {
          // The variant named on both sides, as its id never changes: the entry's target is
          // the product, whose page lists it.
          await this.audit.record(trx, {
            actor,
            action: 'product.variant_updated',
            targetType: 'product',
            targetId: product.id,
            before: { variantId: variant.id, ...changed.before },
            after: { variantId: variant.id, ...changed.after },
          })
        }
        return variant
      })
    )
  }

  /** Soft-deletes a variant (order lines keep pointing at it); the last one stays. */
  async delete(actor: Actor, productId: string, variantId: string): Promise<void> {
    await db.transaction(async (trx) => {
      const product = await this.lockOwned(actor, productId, trx)
      const variant = await this.#liveVariant(trx, product.id, variantId)
      const live = await this.#live(trx, product.id)
      if (live.length === 1) throw new LastVariant()
      variant.deletedAt = DateTime.now()
      await variant.useTransaction(trx).save()
      await this.refreshPrice(trx, product.id)
      if (isAdministrator(actor.user)) {
        await this.audit.record(trx, {
          actor,
          action: 'product.variant_deleted',
          targetType: 'product',
          targetId: product.id,
          before: auditedVariant(variant),
          after: null,
        })
      }
    })
  }

  /**
   * The seller's product, locked until `trx` ends (PostgreSQL; SQLite runs one writer at a
   * time); deleted products and other sellers' are a 404. An administrator (the console) reaches
   * any shop's product; the seller's routes are closed to administrators (`ProductPolicy`).
   */
  async lockOwned(actor: Actor, productId: string, trx: TransactionClientContract) {
    const query = Product.query({ client: trx })
      .withScopes((scopes) => scopes.notDeleted())
      .where('products.id', productId)
    if (!isAdministrator(actor.user)) {
      query.whereIn(
        'products.shop_id',
        trx.from('shops').select('id').where('seller_id', actor.user.id)
      )
    }
    const product = await query.forUpdate().first()
    if (!product) throw new ProductNotFound()
    return product
  }

  /**
   * Inserts variants of `product` from `position` on; a product without options gets its one
   * default variant, whose id is the product's own (so clients that name the product keep
   * naming its variant). Option values are checked against the product's options.
   */
  async insert(
    trx: TransactionClientContract,
    product: Product,
    inputs: VariantInput[],
    position = 1
  ): Promise<ProductVariant[]> {
    const rows = inputs.map((input, index) => {
      const optionValues = variantRuled(() =>
        checkedOptionValues(product.options, input.optionValues ?? {})
      )
      return {
        ...(product.options.length === 0 ? { id: product.id } : {}),
        productId: product.id,
        shopId: product.shopId,
        sku: input.sku,
        optionValues,
        optionKey: optionKeyOf(product.options, optionValues),
        priceCents: input.priceCents,
        stock: input.stock,
        isActive: input.isActive ?? true,
        position: position + index,
      }
    })
    const keys = new Set(rows.map((row) => row.optionKey))
    if (keys.size !== rows.length) throw new InvalidVariant('Two variants have the same options')
    return ProductVariant.createMany(rows, { client: trx })
  }

  /** Applies a partial change to a live variant of `product` (locked by the caller). */
  async change(
    trx: TransactionClientContract,
    product: Product,
    variant: ProductVariant,
    input: Partial<VariantInput>
  ): Promise<void> {
    if (input.sku !== undefined) variant.sku = input.sku
    if (input.priceCents !== undefined) variant.priceCents = input.priceCents
    if (input.isActive !== undefined) variant.isActive = input.isActive
    if (input.optionValues !== undefined) {
      variant.optionValues = variantRuled(() =>
        checkedOptionValues(product.options, input.optionValues!)
      )
      variant.optionKey = optionKeyOf(product.options, variant.optionValues)
    }
    // An absolute count, as the seller counted it; checkouts decrement it conditionally.
    const stockBefore =
      input.stock === undefined ? variant.stock : await lockedStock(trx, variant.id)
    if (input.stock !== undefined) variant.stock = input.stock
    await variant.useTransaction(trx).save()

    const threshold = lowStockThreshold()
    if (crossesLowStock(stockBefore, variant.stock, threshold)) {
      const at = DateTime.now()
      const crossing = {
        productId: product.id,
        variantId: variant.id,
        shopId: product.shopId,
        name: product.name,
        sku: variant.sku,
        stock: variant.stock,
      }
      await this.outbox.enqueueAll(trx, [lowStockEvent(crossing, threshold, at)], at)
    }
    if (input.priceCents !== undefined || input.isActive !== undefined) {
      await this.refreshPrice(trx, product.id)
    }
  }

  /**
   * Keeps the product's price the lowest of its live variants on sale (of its live variants when
   * none is on sale), for the catalog's price filter and sort: the one place that rule is
   * written. Answers the price it set.
   */
  async refreshPrice(trx: TransactionClientContract, productId: string): Promise<number> {
    const lowest = `select min(price_cents) from product_variants
                     where product_id = ? and deleted_at is null`
    const result = await trx.rawQuery(
      `update products
          set price_cents = coalesce((${lowest} and is_active = ?), (${lowest}), price_cents),
              updated_at = ?
        where id = ?
        returning price_cents`,
      [productId, true, productId, sqlTime(DateTime.now(), trx), productId]
    )
    const [row] = (Array.isArray(result) ? result : result.rows) as Array<{ price_cents: unknown }>
    return Number(row.price_cents)
  }

  /** Moves a product's live variants with it to another shop (SKUs are unique per shop). */
  async moveToShop(trx: TransactionClientContract, productId: string, shopId: string) {
    await trx
      .from('product_variants')
      .where('product_id', productId)
      .whereNull('deleted_at')
      .update({ shop_id: shopId, updated_at: sqlTime(DateTime.now(), trx) })
  }

  /** Soft-deletes every variant of a product deleted with it: their SKUs are free again. */
  async deleteAll(trx: TransactionClientContract, productId: string) {
    await trx
      .from('product_variants')
      .where('product_id', productId)
      .whereNull('deleted_at')
      .update({ deleted_at: sqlTime(DateTime.now(), trx) })
  }

  /**
   * The live variants of each product, in position order: all of them for their seller, only
   * those on sale (`onSaleOnly`) for the public catalog. One query for them all.
   */
  async variantsOf(
    productIds: string[],
    options: { onSaleOnly: boolean },
    trx?: TransactionClientContract
  ): Promise<Map<string, VariantView[]>> {
    return liveVariantsOf(productIds, options, trx)
  }

  async #live(trx: TransactionClientContract, productId: string) {
    return ProductVariant.query({ client: trx })
      .withScopes((scopes) => scopes.notDeleted())
      .where('product_id', productId)
  }

  async #liveVariant(trx: TransactionClientContract, productId: string, variantId: string) {
    const variant = await ProductVariant.query({ client: trx })
      .withScopes((scopes) => scopes.notDeleted())
      .where('product_id', productId)
      .where('id', variantId)
      .first()
    if (!variant) throw new VariantNotFound()
    return variant
  }
}

/** A variant as the catalog shows it. */
export function viewOf(variant: ProductVariant): VariantView {
  return {
    id: variant.id,
    sku: variant.sku,
    optionValues: variant.optionValues,
    priceCents: variant.priceCents,
    stock: variant.stock,
    isActive: variant.isActive,
  }
}

/** A variant's fields as the audit trail records them: money in cents. */
export function auditedVariant(variant: ProductVariant): Record<string, unknown> {
  return {
    variantId: variant.id,
    sku: variant.sku,
    optionValues: variant.optionValues,
    priceCents: variant.priceCents,
    stock: variant.stock,
    isActive: variant.isActive,
  }
}

function nextPosition(live: ProductVariant[]) {
  return live.reduce((highest, variant) => Math.max(highest, variant.position), 0) + 1
}

/** A broken option rule as the domain's 422. */
export function variantRuled<T>(check: () => T): T {
  try {
    return check()
  } catch (error) {
    if (error instanceof VariantRuleBroken) throw new InvalidVariant(error.message)
    throw error
  }
}

/** The unique indexes decide SKU and combination races; their refusals become domain errors. */
export async function translatingConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error, SKU_INDEX)) throw new SkuExists()
    if (isUniqueViolation(error, COMBINATION_INDEX)) {
      throw new InvalidVariant('Another variant of this product has the same options')
    }
    throw error
  }
}
