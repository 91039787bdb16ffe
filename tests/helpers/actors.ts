import app from '@adonisjs/core/services/app'
import { UserFactory } from '#database/factories/user_factory'
import { TokenService } from '#services/accounts/token_service'
import type User from '#models/user'
import type { UserType } from '#enums/user_type'

const STATE_OF: Record<UserType, 'customer' | 'seller' | 'admin' | 'superAdmin'> = {
  CUSTOMER: 'customer',
  SELLER: 'seller',
  ADMIN: 'admin',
  SUPER_ADMIN: 'superAdmin',
}

/** A verified, active account of the given type. */
export function makeUser(type: UserType, overrides: Partial<User> = {}) {
  return UserFactory.apply(STATE_OF[type]).merge(overrides).create()
}

/** An `Authorization` header value carrying a fresh access token for the user. */
export async function bearer(user: User): Promise<string> {
  const tokens = await app.container.make(TokenService)
  return `Bearer ${await tokens.accessTokenFor(user)}`
}

/** A user of the given type and a bearer header for it, for the common "log in as" step. */
export async function actor(type: UserType, overrides: Partial<User> = {}) {
  const user = await makeUser(type, overrides)
  return { user, authorization: await bearer(user) }
}
