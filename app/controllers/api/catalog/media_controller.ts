import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import { STORAGE_KEY } from '#services/catalog/product_image_service'
import { ImageNotFound } from '#exceptions/catalog_errors'

/** A stored file's type, by the extension the service gave its key. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
}

/**
 * Product images on the local disk: `GET /media/products/{productId}/{imageId}.{ext}`. Only keys
 * of the service's own form are looked up, so no path (`..`, `%2e%2e`, absolute) reaches the disk.
 * A key's content never changes (a new upload is a new key), so it may be cached for a year.
 */
export default class MediaController {
  async show({ params, response }: HttpContext) {
    const storageKey = `products/${params.productId}/${params.file}`
    if (!STORAGE_KEY.test(storageKey)) throw new ImageNotFound()
    const disk = drive.use('fs')
    if (!(await disk.exists(storageKey))) throw new ImageNotFound()
    const bytes = await disk.getBytes(storageKey)
    const extension = storageKey.slice(storageKey.lastIndexOf('.') + 1)
    response.header('Content-Type', CONTENT_TYPES[extension])
    response.header('Cache-Control', 'public, max-age=31536000, immutable')
    response.header('X-Content-Type-Options', 'nosniff')
    return response.send(Buffer.from(bytes))
  }
}
