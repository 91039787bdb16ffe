import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator } from '#policies/roles'

/**
 * Legal policy documents (privacy policy, terms and conditions; the `Policy` model), not to be
 * confused with these Bouncer policies. Reading and consenting are open to every account;
 * publishing and changing versions is for administrators only, whom `before()` admits.
 */
export default class LegalDocumentPolicy extends BasePolicy {
  before(user: User | null) {
    if (user && isAdministrator(user)) return true
  }

  /** Every version with its consent count (the console's overview). */
  viewAny(_user: User) {
    return false
  }

  /** Publishing a new version. */
  create(_user: User) {
    return false
  }

  /** Editing a version (what is frozen after a consent is the service's rule). */
  update(_user: User) {
    return false
  }

  /** Deactivating a version, keeping the record. */
  deactivate(_user: User) {
    return false
  }
}
