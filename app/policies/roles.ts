import type User from '#models/user'
import { UserType, isAdministrative } from '#enums/user_type'

/*
| The account types behind every policy. A policy answers "may this kind of account do this at
| all"; which rows it may touch (whose address, whose shop) is scoped in SQL by the services,
| where a miss is a 404 that never reveals the row exists.
*/

/** A customer: cart, checkout, addresses and their own orders. */
export function isCustomer(user: Pick<User, 'userType'>): boolean {
  return user.userType === UserType.CUSTOMER
}

/** A seller: their own shops, products and the orders of their shops. */
export function isSeller(user: Pick<User, 'userType'>): boolean {
  return user.userType === UserType.SELLER
}

/** An Admin or a Super Admin. */
export function isAdministrator(user: Pick<User, 'userType'>): boolean {
  return isAdministrative(user.userType)
}

/** A Super Admin: an administrator who also manages administrators and reads the audit trail. */
export function isSuperAdmin(user: Pick<User, 'userType'>): boolean {
  return user.userType === UserType.SUPER_ADMIN
}
