import { Bouncer } from '@adonisjs/bouncer'
import type User from '#models/user'
import { UserType } from '#enums/user_type'

/*
| Role gates. Row-level rules (whose address, whose shop) are enforced in SQL by the services,
| where a miss is a 404; these abilities only answer "may this kind of account do this at all".
*/

const isAdmin = (user: User) =>
  user.userType === UserType.ADMIN || user.userType === UserType.SUPER_ADMIN

/** Admin or Super Admin: policies, coupons, shops approval, shipping methods, tax rates, users. */
export const administer = Bouncer.ability((user: User) => isAdmin(user))

/** Customers only: cart, checkout, addresses, own orders. */
export const shop = Bouncer.ability((user: User) => user.userType === UserType.CUSTOMER)

/** Sellers only: own shops, products and their orders. */
export const sell = Bouncer.ability((user: User) => user.userType === UserType.SELLER)
