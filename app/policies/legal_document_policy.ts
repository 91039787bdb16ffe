import type User from '#models/user'
import AdministeredPolicy from '#policies/administered_policy'

/**
 * Legal policy documents (privacy policy, terms and conditions; the `Policy` model), not to be
 * confused with these Bouncer policies. Reading and consenting are open to every account;
 * publishing and changing versions is for administrators only. Editing a version is `update`;
 * what is frozen after a consent is the service's rule.
 */
export default class LegalDocumentPolicy extends AdministeredPolicy {
  /** Deactivating a version, keeping the record. */
  deactivate(_user: User) {
    return false
  }
}
