import type User from '#models/user'
import AdministeredPolicy from '#policies/administered_policy'

/**
 * Webhook endpoints and API keys, for administrators only: they send the store's data out and
 * let servers act as an administrator.
 */
export default class IntegrationPolicy extends AdministeredPolicy {
  /** Removing an endpoint, or revoking a key. */
  delete(_user: User) {
    return false
  }
}
