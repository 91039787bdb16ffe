import { Bouncer } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator, isCustomer, isSeller } from '#policies/roles'

/*
| The former role gates, kept only until every API controller asks its resource's policy
| (`app/policies`); new code uses the policies.
*/

/** Admin or Super Admin. */
export const administer = Bouncer.ability((user: User) => isAdministrator(user))

/** Customers only. */
export const shop = Bouncer.ability((user: User) => isCustomer(user))

/** Sellers only. */
export const sell = Bouncer.ability((user: User) => isSeller(user))
