import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator } from '#policies/roles'

/**
 * A resource only administrators manage (coupons, tax rates, legal documents): `before()` admits
 * them, and every action refuses everyone else. A subclass adds the actions its resource has
 * beyond listing, creating and changing.
 */
export default abstract class AdministeredPolicy extends BasePolicy {
  before(user: User | null) {
    if (user && isAdministrator(user)) return true
  }

  /** Every row, in the console's or the admin API's list. */
  viewAny(_user: User) {
    return false
  }

  /** Adding one. */
  create(_user: User) {
    return false
  }

  /** Changing one. */
  update(_user: User) {
    return false
  }
}
