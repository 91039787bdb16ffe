import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isSuperAdmin } from '#policies/roles'

/**
 * The audit trail of administrative changes: readable by Super Admins only, since it records
 * what every administrator, Admins included, did. Entries are written by the services, never
 * through a route.
 */
export default class AdminActionPolicy extends BasePolicy {
  /** The activity list, and the activity shown on a user's or an order's page. */
  viewAny(user: User) {
    return isSuperAdmin(user)
  }
}
