import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import env from '#start/env'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { fileTypeFromBuffer } from 'file-type'
import ProductImage from '#models/product_image'
import Product from '#models/product'
import {
  ImageLimitReached,
  ImageMissing,
  ImageNotFound,
  ImageOrderMismatch,
  ImageTooLarge,
  ImageTypeUnsupported,
  ProductNotFound,
} from '#exceptions/catalog_errors'
import type { Actor } from '#support/actor'
import { isAdministrator } from '#policies/roles'
import { AuditTrail } from '#services/admin/audit_trail_service'
import { imagesOfProduct, type ImageRow } from '#queries/product_extras'

/** The largest image accepted, in bytes (5 MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/** The most images one product may have. */
export const MAX_PRODUCT_IMAGES = 10

/** The types accepted, as their bytes say, with the extension their key gets. */
const ALLOWED_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
}

/** The only keys the service makes, so the only ones the media route serves. */
export const STORAGE_KEY = /^products\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/

/** An image as product bodies show it. */
export interface ImageView {
  id: string
  url: string
  position: number
  contentType: string
  size: number
}

/** The public URL of a stored file: the service's media route, or the bucket's own URL. */
export async function urlOf(storageKey: string): Promise<string> {
  if (env.get('DRIVE_DISK') === 'fs') return `/media/${storageKey}`
  return drive.use().getUrl(storageKey)
}

/**
 * Product images: a seller uploads, reorders and deletes the images of their own products (anyone
 * else's is a 404); an administrator does so on any shop's product from the console, each change
 * recorded in the audit trail. A file is judged by its bytes (magic numbers, `file-type`), never by its name or
 * declared type, and stored under a key the service makes. The file is written before the row
 * and removed after the row is gone, so no network call to the store is made while the product's
 * row lock is held; a file whose row was refused is removed again.
 */
@inject()
export class ProductImageService {
  constructor(protected audit: AuditTrail) {}

  /** Stores one image as the product's last; the 11th is a 409. */
  async upload(actor: Actor, productId: string, file: MultipartFile | null): Promise<ProductImage> {
    await this.#ownedProduct(actor, productId)
    if (!file) throw new ImageMissing()
    if (file.size > MAX_IMAGE_BYTES || file.errors.some((error) => error.type === 'size')) {
      throw new ImageTooLarge()
    }
    if (!file.tmpPath) throw new ImageMissing()
    return this.store(actor, productId, await readFile(file.tmpPath))
  }

  /** Stores the bytes of one image as the product's last (the upload, and the demo store's). */
  async store(actor: Actor, productId: string, bytes: Buffer): Promise<ProductImage> {
    if (bytes.length > MAX_IMAGE_BYTES) throw new ImageTooLarge()
    const sniffed = await fileTypeFromBuffer(bytes)
    const extension = sniffed ? ALLOWED_TYPES[sniffed.mime] : undefined
    if (!sniffed || !extension) throw new ImageTypeUnsupported()

    const id = randomUUID()
    const storageKey = `products/${productId}/${id}.${extension}`
    await drive.use().put(storageKey, bytes, { contentType: sniffed.mime })
    try {
      return await db.transaction(async (trx) => {
        const product = await this.#ownedProduct(actor, productId, trx, { lock: true })
        const count = await trx
          .from('product_images')
          .where('product_id', product.id)
          .count('* as total')
          .first()
        const taken = Number(count?.total ?? 0)
        if (taken >= MAX_PRODUCT_IMAGES) throw new ImageLimitReached()
        const last = await trx
          .from('product_images')
          .where('product_id', product.id)
          .max('position as position')
          .first()
        const image = new ProductImage()
        image.fill({
          id,
          productId: product.id,
          storageKey,
          contentType: sniffed.mime,
          sizeBytes: bytes.length,
          position: Number(last?.position ?? 0) + 1,
        })
        await image.useTransaction(trx).save()
        await this.#record(trx, actor, 'product.image_added', product.id, null, auditedImage(image))
        return image
      })
    } catch (error) {
      await removeFiles([storageKey])
      throw error
    }
  }

  /** Sets the order of the product's images: `imageIds` lists each of them exactly once. */
  async reorder(actor: Actor, productId: string, imageIds: string[]): Promise<ProductImage[]> {
    return db.transaction(async (trx) => {
      const product = await this.#ownedProduct(actor, productId, trx, { lock: true })
      const images = await ProductImage.query({ client: trx }).where('product_id', product.id)
      const current = new Set(images.map((image) => image.id))
      const asked = new Set(imageIds)
      const matches =
        asked.size === imageIds.length &&
        asked.size === current.size &&
        imageIds.every((imageId) => current.has(imageId))
      if (!matches) throw new ImageOrderMismatch()
      const byId = new Map(images.map((image) => [image.id, image]))
      const ordered = imageIds.map((imageId) => byId.get(imageId) as ProductImage)
      const before = [...images].sort((a, b) => a.position - b.position).map((image) => image.id)
      for (const [index, image] of ordered.entries()) {
        image.position = index + 1
        await image.useTransaction(trx).save()
      }
      if (before.some((imageId, index) => imageId !== imageIds[index])) {
        await this.#record(
          trx,
          actor,
          'product.images_reordered',
          product.id,
          { imageIds: before },
          { imageIds }
        )
      }
      return ordered
    })
  }

  /** Deletes one image and its file; the images after it move up one place. */
  async delete(actor: Actor, productId: string, imageId: string): Promise<void> {
    const storageKey = await db.transaction(async (trx) => {
      const product = await this.#ownedProduct(actor, productId, trx, { lock: true })
      const image = await ProductImage.query({ client: trx })
        .where('id', imageId)
        .where('product_id', product.id)
        .first()
      if (!image) throw new ImageNotFound()
      await trx.from('product_images').where('id', image.id).delete()
      await trx
        .from('product_images')
        .where('product_id', product.id)
        .where('position', '>', image.position)
        .decrement('position', 1)
      await this.#record(trx, actor, 'product.image_deleted', product.id, auditedImage(image), null)
      return image.storageKey
    })
    await removeFiles([storageKey])
  }

  /**
   * Deletes every image row of a product within the caller's transaction (the product's own
   * deletion) and answers their keys, for `removeFiles` once it has committed.
   */
  async detachAll(trx: TransactionClientContract, productId: string): Promise<string[]> {
    const rows: { storage_key: string }[] = await trx
      .from('product_images')
      .where('product_id', productId)
      .select('storage_key')
    await trx.from('product_images').where('product_id', productId).delete()
    return rows.map((row) => row.storage_key)
  }

  /** The images of each product, in order, as product bodies show them. */
  /** One product's images in order, by a query compiled once (the product read). */
  async imagesOfOne(productId: string): Promise<ImageView[]> {
    const rows = await imagesOfProduct.rows<ImageRow>([productId])
    const views: ImageView[] = []
    for (const row of rows) {
      views.push({
        id: row.id,
        url: await urlOf(row.storage_key),
        position: Number(row.position),
        contentType: row.content_type,
        size: Number(row.size_bytes),
      })
    }
    return views
  }

  async imagesOf(productIds: string[]): Promise<Map<string, ImageView[]>> {
    const byProduct = new Map(productIds.map((productId) => [productId, [] as ImageView[]]))
    if (productIds.length === 0) return byProduct
    const images = await ProductImage.query()
      .whereIn('product_id', productIds)
      .orderBy('position', 'asc')
    for (const image of images) {
      byProduct.get(image.productId)?.push({
        id: image.id,
        url: await urlOf(image.storageKey),
        position: image.position,
        contentType: image.contentType,
        size: image.sizeBytes,
      })
    }
    return byProduct
  }

  /** An administrator's change, in the audit trail; a seller's own edits are not recorded. */
  async #record(
    trx: TransactionClientContract,
    actor: Actor,
    action: 'product.image_added' | 'product.images_reordered' | 'product.image_deleted',
    productId: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null
  ) {
    if (!isAdministrator(actor.user)) return
    await this.audit.record(trx, {
      actor,
      action,
      targetType: 'product',
      targetId: productId,
      before,
      after,
    })
  }

  /**
   * The seller's live product (any shop's for an administrator, whom the seller's routes refuse:
   * `ProductPolicy`), locked when asked (PostgreSQL), or a 404.
   */
  async #ownedProduct(
    actor: Actor,
    productId: string,
    trx?: TransactionClientContract,
    { lock = false } = {}
  ): Promise<Product> {
    const query = Product.query({ client: trx })
      .withScopes((scopes) => scopes.notDeleted())
      .where('products.id', productId)
    if (!isAdministrator(actor.user)) {
      query.whereIn('shop_id', db.from('shops').select('id').where('seller_id', actor.user.id))
    }
    if (lock && trx?.dialect.name === 'postgres') query.forUpdate()
    const product = await query.first()
    if (!product) throw new ProductNotFound()
    return product
  }
}

/** An image as the audit trail records it. */
function auditedImage(image: ProductImage): Record<string, unknown> {
  return {
    imageId: image.id,
    position: image.position,
    contentType: image.contentType,
    size: image.sizeBytes,
  }
}

/**
 * Removes stored files after their rows are gone. A failure leaves an orphan file, never a row
 * without its file, so it is logged and not raised: the change the caller made stands.
 */
export async function removeFiles(storageKeys: string[]): Promise<void> {
  for (const storageKey of storageKeys) {
    try {
      await drive.use().delete(storageKey)
    } catch (error) {
      logger.warn({ err: error, storageKey }, 'could not remove a stored image file')
    }
  }
}
