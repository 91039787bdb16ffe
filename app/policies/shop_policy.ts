import type User from '#models/user'
import { isAdministrator } from '#policies/roles'
import SellerOwnedPolicy from '#policies/seller_owned_policy'

/** Shops. A seller opens (it awaits approval) and edits their own; an administrator reviews them all. */
export default class ShopPolicy extends SellerOwnedPolicy {
  /** Approving a shop: its products go on sale. */
  approve(user: User) {
    return isAdministrator(user)
  }

  /** Suspending a shop: its products leave the catalog. */
  suspend(user: User) {
    return isAdministrator(user)
  }
}
