import vine from '@vinejs/vine'
import { uuidField } from '#validators/uuid'
import { MAX_PRODUCT_IMAGES } from '#services/catalog/product_image_service'

/** `PUT /api/v1/seller/products/{id}/images`: every image of the product, in the new order. */
export const reorderImagesValidator = vine.create({
  imageIds: vine.array(uuidField()).minLength(1).maxLength(MAX_PRODUCT_IMAGES),
})
