import type ShippingAddress from '#models/shipping_address'
import type { AddressSnapshot } from '#models/order'

/** The address part of every address response: the same fields an order copies. */
export type AddressFields = AddressSnapshot

/** A saved address as the API shows it. */
export interface ShippingAddressJson extends AddressFields {
  id: string
  isDefault: boolean
  createdAt: string
  updatedAt: string
}

/** Shapes one saved address; instants in UTC ISO 8601. */
export function shippingAddressJson(address: ShippingAddress): ShippingAddressJson {
  return {
    id: address.id,
    fullName: address.fullName,
    phone: address.phone,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
    isDefault: address.isDefault,
    createdAt: address.createdAt.toUTC().toISO()!,
    updatedAt: address.updatedAt.toUTC().toISO()!,
  }
}
