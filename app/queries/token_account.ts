import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { CompiledQuery } from '#queries/compiled_query'

/**
 * The account of an access token, read on every authenticated request: compiled once
 * (`CompiledQuery`) rather than built and compiled per request.
 */
const accountById = new CompiledQuery<[userId: string]>(1, (client, userId) =>
  User.query({ client }).where('id', userId).limit(1)
)

/** The same, with whether the token's refresh-token family was revoked. */
const accountInSession = new CompiledQuery<[userId: string, sessionId: string]>(
  2,
  (client, userId, sessionId) =>
    User.query({ client })
      .where('id', userId)
      .select('users.*')
      .select(
        db.raw(
          'exists (select 1 from refresh_tokens where family_id = ? and revoked_at is not null) as session_revoked',
          [sessionId]
        )
      )
      .limit(1)
)

/**
 * The account `userId` and, when the token names its session (refresh-token family), whether a
 * token of that family was revoked, in one round trip; null when there is no such account.
 */
export async function accountOfToken(
  userId: string,
  sessionId?: string
): Promise<{ user: User; sessionRevoked: boolean } | null> {
  if (!sessionId) {
    const [user] = await accountById.models(User, [userId])
    return user ? { user, sessionRevoked: false } : null
  }
  const [user] = await accountInSession.models(User, [userId, sessionId])
  // true on PostgreSQL, 1 on SQLite.
  return user ? { user, sessionRevoked: Boolean(Number(user.$extras.session_revoked)) } : null
}
