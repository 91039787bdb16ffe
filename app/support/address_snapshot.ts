import type { AddressSnapshot } from '#models/order'

/**
 * The delivery fields of an address, in one place: what an order copies of the saved address at
 * placement and what the API shows of a saved address besides its id, flag and timestamps.
 */
export function addressSnapshot(address: AddressSnapshot): AddressSnapshot {
  return {
    fullName: address.fullName,
    phone: address.phone,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
  }
}
