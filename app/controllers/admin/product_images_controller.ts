import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { MAX_IMAGE_BYTES, ProductImageService } from '#services/catalog/product_image_service'
import { CatalogOverviewService } from '#services/admin/catalog_overview_service'
import { reorderImagesValidator } from '#validators/product_image'
import ProductPolicy from '#policies/product_policy'

/**
 * Console: the images of any shop's product, from its edit page, with the seller's own rules
 * (`ProductImageService`: judged by their bytes, 5 MB, 10 a product); the audit trail records
 * each change.
 */
@inject()
export default class ProductImagesController {
  constructor(
    protected images: ProductImageService,
    protected overviews: CatalogOverviewService
  ) {}

  /** Stores one uploaded image (multipart field `file`) as the product's last. */
  async store({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('edit')
    // A size just above the limit, so the service tells an over-size file from a missing one.
    const file = request.file('file', { size: MAX_IMAGE_BYTES + 1 })
    await this.images.upload(actor, params.id, file)
    session.flash('success', 'The image is added.')
    return response.redirect().toRoute('console.products.edit', { id: params.id })
  }

  /** Sets the order of the product's images (a _Move up_ or _Move down_ button's). */
  async reorder({ actor, bouncer, params, request, response, session }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('edit')
    const { imageIds } = await request.validateUsing(reorderImagesValidator, {
      meta: { form: true },
    })
    await this.images.reorder(actor, params.id, imageIds)
    session.flash('success', 'The images are reordered.')
    return response.redirect().toRoute('console.products.edit', { id: params.id })
  }

  /** Asks before deleting an image. */
  async confirmDestroy({ bouncer, params, view }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('edit')
    return view.render('pages/admin/products/delete_image', {
      section: 'products',
      ...(await this.overviews.productImage(params.id, params.imageId)),
    })
  }

  /** Deletes an image and its file; the images after it move up one place. */
  async destroy({ actor, bouncer, params, response, session }: HttpContext) {
    await bouncer.with(ProductPolicy).authorize('edit')
    await this.images.delete(actor, params.id, params.imageId)
    session.flash('success', 'The image is deleted.')
    return response.redirect().toRoute('console.products.edit', { id: params.id })
  }
}
