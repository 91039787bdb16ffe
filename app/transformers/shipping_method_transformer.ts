import type ShippingMethod from '#models/shipping_method'
import { centsToAmount } from '#support/money'

/** A shipping method as the API shows it: `{id, name, description, price, estimatedDays, isActive}`. */
export interface ShippingMethodJson {
  id: string
  name: string
  description: string | null
  price: number
  estimatedDays: number
  isActive: boolean
}

/** Shapes one shipping method; the price becomes a decimal amount. */
export function shippingMethodJson(method: ShippingMethod): ShippingMethodJson {
  return {
    id: method.id,
    name: method.name,
    description: method.description,
    price: centsToAmount(method.priceCents),
    estimatedDays: method.estimatedDays,
    isActive: method.isActive,
  }
}
