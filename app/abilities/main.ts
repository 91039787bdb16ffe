import { Bouncer } from '@adonisjs/bouncer'
import config from '@adonisjs/core/services/config'
import type User from '#models/user'
import { isAdministrator, isCustomer, isSeller } from '#policies/roles'

/*
| Role gates, named for what the account does, that API routes authorize with where they ask no
| resource policy (app/policies). Each is the policies' own role rule (`#policies/roles`), so a
| route gated here and one authorized by a policy admit the same accounts.
*/

/** Administering the store: an Admin or a Super Admin. */
export const administer = Bouncer.ability((user: User) => isAdministrator(user))

/** Buying: cart, checkout, addresses and one's own orders; customers only. */
export const buy = Bouncer.ability((user: User) => isCustomer(user))

/** Selling: one's own shops, products and their orders; sellers only. */
export const sell = Bouncer.ability((user: User) => isSeller(user))

/**
 * Reading the readiness report's messages and figures (heap, mail backlog, disk): administrators,
 * or anyone when `HEALTH_DETAILS` is on (config/health.ts).
 */
export const viewHealthDetails = Bouncer.ability(
  { allowGuest: true },
  (user: User | null) =>
    config.get<boolean>('health.details', false) || (user !== null && isAdministrator(user))
)
