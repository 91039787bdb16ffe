import type User from '#models/user'
import AdministeredPolicy from '#policies/administered_policy'

/** The category tree, managed by administrators only; anyone reads the public tree. */
export default class CategoryPolicy extends AdministeredPolicy {
  /** Removing an empty category. */
  delete(_user: User) {
    return false
  }
}
