import type User from '#models/user'
import { LOGIN_TYPES, USER_TYPES, loginTypeOf } from '#enums/user_type'
import { uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { field, instantField, shapeOf } from '#transformers/shape'

/** An address may hold non-ASCII letters (it is stored NFC-normalised), hence `idn-email`. */
const email = { type: 'string', format: 'idn-email' }

/** What registration answers with: no `role`. */
const registrationShape = shapeOf<User>()({
  id: field(uuid, 'id'),
  email: field(email, 'email'),
  userType: field({ enum: [...LOGIN_TYPES] }, (user) => loginTypeOf(user.userType)),
})

/**
 * The token's own account (`GET /auth/me`): what a storefront needs to greet and route its user,
 * the lower-case `userType` of the other account routes; no `role`, no flags of administration.
 */
const meShape = registrationShape.with({
  emailVerified: field({ type: 'boolean' }, (user) => user.emailVerifiedAt !== null),
  createdAt: instantField('createdAt'),
})

/**
 * A user as the account routes show it (docs/api/accounts.md): lower-case `userType`, upper-case
 * `role`. Registration answers with the `forRegistration` variant, which has no `role`.
 */
export default class UserTransformer extends ApiTransformer<User> {
  static readonly registrationShape = registrationShape
  static readonly meShape = meShape
  static readonly shape = registrationShape.with({
    role: field({ enum: [...USER_TYPES] }, 'userType'),
  })

  toObject() {
    return UserTransformer.shape.write(this.resource)
  }

  forRegistration() {
    return registrationShape.write(this.resource)
  }

  forMe() {
    return meShape.write(this.resource)
  }
}
