import type { ApiRequest } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import type User from '#models/user'
import { UserType } from '#enums/user_type'
import { actor } from '#tests/helpers/actors'
import { expectEnvelopeError, expectProblem } from '#tests/helpers/responses'

/** Builds one request afresh; the matrix sends it once per role. */
export type Call = () => ApiRequest

/** Who a set of routes refuses, and how its errors are written. */
export interface RoleMatrix {
  /** The user types refused with 403 FORBIDDEN. */
  refused: UserType[]
  /** Whether a call without a token is tried too, expecting 401 UNAUTHORIZED (default true). */
  anonymous?: boolean
  /** Problem details (`/api/v1`, the default) or the envelope (account and policy routes). */
  style?: 'problem' | 'envelope'
}

/** Every user type but the given ones: the refused side of a route only they may call. */
export function allBut(...allowed: UserType[]): UserType[] {
  return Object.values(UserType).filter((type) => !allowed.includes(type))
}

/**
 * Sends every call without a token (401) and with a token of each refused user type (403), and
 * asserts the error each time. Returns the refused users, so a test can check they wrote nothing.
 */
export async function expectRoleMatrix(
  assert: Assert,
  calls: Call[],
  { refused, anonymous = true, style = 'problem' }: RoleMatrix
): Promise<User[]> {
  const expectError = style === 'envelope' ? expectEnvelopeError : expectProblem
  if (anonymous) {
    for (const call of calls) expectError(assert, await call(), 401, 'UNAUTHORIZED')
  }
  const users: User[] = []
  for (const type of refused) {
    const { user, authorization } = await actor(type)
    users.push(user)
    for (const call of calls) {
      expectError(assert, await call().header('Authorization', authorization), 403, 'FORBIDDEN')
    }
  }
  return users
}
