import { UserType } from '#enums/user_type'

/** The administrators' account types, as an operation's `roles` name them. */
export const ADMIN_ROLES: string[] = [UserType.ADMIN, UserType.SUPER_ADMIN]

/**
 * What every operation of one audience of an area shares: its tag, a bearer token of one of
 * `roles`, and the area's error style. Spread into each operation (`...bearer(...)`).
 */
export function bearer(tag: string, roles: string[], style: 'problem' | 'envelope') {
  return { tags: [tag], auth: 'bearer' as const, roles, style }
}
