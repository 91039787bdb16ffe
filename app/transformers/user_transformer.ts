import type User from '#models/user'
import { loginTypeOf } from '#enums/user_type'
import type { IssuedTokens } from '#services/accounts/token_service'

/** A user as account responses show it: lower-case `userType`, upper-case `role`. */
export function toAccountJson(user: User) {
  return {
    id: user.id,
    email: user.email,
    userType: loginTypeOf(user.userType),
    role: user.userType,
  }
}

/** The registration response: `{id, email, userType}`. */
export function toRegistrationJson(user: User) {
  return { id: user.id, email: user.email, userType: loginTypeOf(user.userType) }
}

/** The login response: the user and its tokens. */
export function toLoginJson(user: User, tokens: IssuedTokens) {
  return { user: toAccountJson(user), ...tokens }
}
