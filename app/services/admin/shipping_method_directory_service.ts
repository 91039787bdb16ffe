import ShippingMethod from '#models/shipping_method'
import { ShippingMethodNotFound } from '#exceptions/checkout_errors'

/**
 * Reads one shipping method for the console's edit page; the list and every write go through
 * `ShippingMethodService`, as the API's do.
 */
export class ShippingMethodDirectoryService {
  /** One method not deleted; an unknown or deleted id is the API's 404. */
  async find(id: string): Promise<ShippingMethod> {
    const method = await ShippingMethod.query()
      .withScopes((scopes) => scopes.notDeleted())
      .where('id', id)
      .first()
    if (!method) throw new ShippingMethodNotFound()
    return method
  }
}
