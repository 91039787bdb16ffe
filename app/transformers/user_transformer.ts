import type User from '#models/user'
import { loginTypeOf } from '#enums/user_type'
import ApiTransformer from '#transformers/api_transformer'

/**
 * A user as the account routes show it (docs/api/accounts.md): lower-case `userType`, upper-case
 * `role`. Registration answers with the `forRegistration` variant, which has no `role`.
 */
export default class UserTransformer extends ApiTransformer<User> {
  toObject() {
    return { ...this.forRegistration(), role: this.resource.userType }
  }

  forRegistration() {
    const user = this.resource
    return { id: user.id, email: user.email, userType: loginTypeOf(user.userType) }
  }
}
