/** Account types as stored and as shown in `role`. */
export const UserType = {
  CUSTOMER: 'CUSTOMER',
  SELLER: 'SELLER',
  ADMIN: 'ADMIN',
  SUPER_ADMIN: 'SUPER_ADMIN',
} as const

export type UserType = (typeof UserType)[keyof typeof UserType]

export const USER_TYPES = Object.values(UserType)

/** The lower-case names login and registration take and return. */
export const LOGIN_TYPES = ['customer', 'seller', 'admin'] as const
export type LoginType = (typeof LOGIN_TYPES)[number]

/** The stored types a login type may sign in as (`admin` covers both admin types). */
export function storedTypesFor(loginType: LoginType): UserType[] {
  if (loginType === 'admin') return [UserType.ADMIN, UserType.SUPER_ADMIN]
  return [loginType.toUpperCase() as UserType]
}

/** The lower-case login name of a stored type. */
export function loginTypeOf(type: UserType): LoginType {
  return type === UserType.SUPER_ADMIN ? 'admin' : (type.toLowerCase() as LoginType)
}

/** Types only a Super Admin may manage or grant. */
export function isAdministrative(type: UserType): boolean {
  return type === UserType.ADMIN || type === UserType.SUPER_ADMIN
}
