import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import {
  MAX_IMAGE_BYTES,
  ProductImageService,
  urlOf,
} from '#services/catalog/product_image_service'
import { reorderImagesValidator } from '#validators/product_image'
import type ProductImage from '#models/product_image'
import ProductPolicy from '#policies/product_policy'

/** The body of one image, as product bodies show it. */
async function imageBody(image: ProductImage) {
  return {
    id: image.id,
    url: await urlOf(image.storageKey),
    position: image.position,
    contentType: image.contentType,
    size: image.sizeBytes,
  }
}

/** A seller's product images: `/api/v1/seller/products/{id}/images`. */
@inject()
export default class SellerProductImagesController {
  constructor(protected images: ProductImageService) {}

  /** Stores one image (multipart field `file`) as the product's last. */
  async store({ actor, bouncer, params, request, response }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('update')
    // A size just above the limit, so the service tells an over-size file from a missing one.
    const file = request.file('file', { size: MAX_IMAGE_BYTES + 1 })
    const image = await this.images.upload(actor, params.id, file)
    return response.created(await imageBody(image))
  }

  /** Sets the order of the product's images. */
  async reorder({ actor, bouncer, params, request }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('update')
    const { imageIds } = await request.validateUsing(reorderImagesValidator, {
      data: request.body(),
    })
    const ordered = await this.images.reorder(actor, params.id, imageIds)
    return { items: await Promise.all(ordered.map(imageBody)) }
  }

  /** Deletes one image and its file. */
  async destroy({ actor, bouncer, params }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('update')
    await this.images.delete(actor, params.id, params.imageId)
    return { id: params.imageId, deleted: true }
  }
}
