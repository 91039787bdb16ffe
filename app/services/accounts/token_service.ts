import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { isUuid } from '#support/uuid'
import { TokenError, createSigner, createVerifier } from 'fast-jwt'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import tokensConfig from '#config/tokens'
import type User from '#models/user'
import RefreshToken from '#models/refresh_token'
import {
  AccountDeactivated,
  InvalidRefreshToken,
  InvalidToken,
  TokenExpired,
  TokenRevoked,
} from '#exceptions/account_errors'
import { sqlTime } from '#support/sql_time'
import { accountOfToken } from '#queries/token_account'
import { recordSecurityEvent } from '#services/system/security_events'
import type { Caller } from '#support/actor'

/** What login and refresh hand back to the client. */
export interface IssuedTokens {
  accessToken: string
  tokenType: 'Bearer'
  expiresIn: number
  refreshToken: string
}

/**
 * Access tokens are signed and checked with node:crypto's HMAC through fast-jwt, synchronously:
 * about 8 µs a check, against 85 µs through WebCrypto (jose), on every authenticated request
 * (docs/performance.md, "Authentication").
 */
const signAccessToken = createSigner({
  key: tokensConfig.jwtSecret.release(),
  algorithm: 'HS256',
  iss: tokensConfig.issuer,
  aud: tokensConfig.audience,
  expiresIn: tokensConfig.accessTokenTtlSeconds * 1000,
})

/**
 * A client sends the same access token with every request until it expires, so a token whose
 * signature and claims passed is remembered until its `exp` (fast-jwt's own cache, which never
 * answers a refusal from memory: `errorCacheTTL` stays at its default, -1). Only the signature
 * check is skipped: the account, its token version and its session are read again on every
 * request (`authenticate`).
 *
 * The cache is keyed by fast-jwt's default, a SHA-256 digest of the token's whole text (header,
 * claims and signature), so another token reaches a remembered entry only through a SHA-256
 * collision, and the tokens themselves are not kept in memory. No `cacheKeyBuilder` is passed:
 * fast-jwt warns at every start about any custom one (FAST_JWT_CACHE_KEY_BUILDER_SECURITY_RISK),
 * since a key that two tokens can share lets one pass as the other. The digest costs about 1.5 µs
 * a check against the 4-5 µs of a full check (a loop of 100,000 checks of one token);
 * tests/functional/system/boot_checks.spec.ts asserts that no warning is printed at start.
 */
const verifyAccessToken = createVerifier({
  key: tokensConfig.jwtSecret.release(),
  algorithms: ['HS256'],
  allowedIss: tokensConfig.issuer,
  allowedAud: tokensConfig.audience,
  requiredClaims: ['sub', 'exp', 'iat', 'jti'],
  cache: 10_000,
})

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Issues and checks tokens. Access tokens are HS256 JWTs carrying the account's token version;
 * every check reloads the account, so a bumped version or a deactivation takes effect at once on
 * every instance. Refresh tokens are opaque, stored as digests, rotated on every use, and a
 * rotated token presented again revokes its whole family.
 */
export class TokenService {
  /**
   * A signed access token for the user's current token version. `sessionId` (the refresh-token
   * family) lets logout and reuse detection end this session's access tokens too.
   */
  async accessTokenFor(user: User, sessionId?: string): Promise<string> {
    const claims = { sub: user.id, jti: randomUUID(), role: user.userType, ver: user.tokenVersion }
    return signAccessToken(sessionId ? { ...claims, sid: sessionId } : claims)
  }

  /** An access token and a new refresh-token family, for a successful login. */
  async issue(user: User, trx?: TransactionClientContract): Promise<IssuedTokens> {
    const familyId = randomUUID()
    const refreshToken = await this.#createRefreshToken(user, familyId, trx)
    return this.#bundle(await this.accessTokenFor(user, familyId), refreshToken)
  }

  /** The account an access token belongs to (and its session), after every revocation check. */
  async authenticate(accessToken: string): Promise<{ user: User; sessionId?: string }> {
    let payload
    try {
      payload = verifyAccessToken(accessToken)
    } catch (error) {
      if (error instanceof TokenError && error.code === TokenError.codes.expired) {
        throw new TokenExpired()
      }
      throw new InvalidToken()
    }
    if (!isUuid(payload.sub) || typeof payload.ver !== 'number') {
      throw new InvalidToken()
    }

    const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined
    // The account and the revocation of the session, in one round trip: every authenticated
    // request pays for it.
    const account = await accountOfToken(payload.sub, sessionId)
    if (!account) throw new TokenRevoked()
    const { user } = account
    // Deactivation also bumps the version; the deactivated owner is told why rather than "revoked".
    if (!user.isActive) throw new AccountDeactivated()
    if (user.tokenVersion !== payload.ver) throw new TokenRevoked()
    if (account.sessionRevoked) throw new TokenRevoked()
    return { user, sessionId }
  }

  /**
   * Exchanges a refresh token for a new pair; reuse of a rotated token revokes its family and is
   * recorded as a security event (the caller's client address says where the reused token came
   * from).
   */
  async refresh({ clientAddress }: Caller, presented: string): Promise<IssuedTokens> {
    const outcome = await db.transaction(async (trx) => {
      const token = await RefreshToken.query({ client: trx })
        .where('token_hash', digest(presented))
        .preload('user')
        .first()
      if (!token || token.revokedAt || token.expiresAt < DateTime.now()) return null

      const now = DateTime.now()
      const claimed = await trx
        .from('refresh_tokens')
        .where('id', token.id)
        .whereNull('rotated_at')
        .whereNull('revoked_at')
        .update({ rotated_at: sqlTime(now) })
      if (Number(claimed) !== 1) {
        await this.#revokeFamily(token.familyId, trx)
        return { reused: true as const, ownerId: token.userId }
      }

      const user = token.user
      if (!user.isActive || !user.isVerified) return null
      const refreshToken = await this.#createRefreshToken(user, token.familyId, trx)
      return { reused: false as const, user, refreshToken, familyId: token.familyId }
    })

    if (outcome?.reused) {
      recordSecurityEvent('refresh_token.reused', {
        actorId: null,
        targetId: outcome.ownerId,
        clientAddress,
      })
    }
    if (outcome === null || outcome.reused) throw new InvalidRefreshToken()
    return this.#bundle(
      await this.accessTokenFor(outcome.user, outcome.familyId),
      outcome.refreshToken
    )
  }

  /**
   * Logout: ends the session of the access token used and, when given, the session of a refresh
   * token of the same user. Unknown refresh tokens are ignored.
   */
  async endSessions(user: User, sessionId?: string, presentedRefreshToken?: string) {
    if (sessionId) await this.#revokeFamily(sessionId)
    if (presentedRefreshToken) {
      const token = await RefreshToken.query()
        .where('token_hash', digest(presentedRefreshToken))
        .where('user_id', user.id)
        .first()
      if (token) await this.#revokeFamily(token.familyId)
    }
  }

  /** Bumps the token version and revokes every refresh token: all sessions end at once. */
  async revokeAll(user: User, trx: TransactionClientContract): Promise<void> {
    await trx
      .from('users')
      .where('id', user.id)
      .update({ token_version: db.raw('token_version + 1'), updated_at: sqlTime() })
    await trx
      .from('refresh_tokens')
      .where('user_id', user.id)
      .whereNull('revoked_at')
      .update({ revoked_at: sqlTime() })
    user.tokenVersion += 1
  }

  async #revokeFamily(familyId: string, trx?: TransactionClientContract) {
    await (trx ?? db)
      .from('refresh_tokens')
      .where('family_id', familyId)
      .whereNull('revoked_at')
      .update({ revoked_at: sqlTime() })
  }

  async #createRefreshToken(user: User, familyId: string, trx?: TransactionClientContract) {
    const token = randomBytes(32).toString('base64url')
    await RefreshToken.create(
      {
        userId: user.id,
        familyId,
        tokenHash: digest(token),
        expiresAt: DateTime.now().plus({ seconds: tokensConfig.refreshTokenTtlSeconds }),
      },
      { client: trx }
    )
    return token
  }

  #bundle(accessToken: string, refreshToken: string): IssuedTokens {
    return {
      accessToken,
      tokenType: 'Bearer',
      expiresIn: tokensConfig.accessTokenTtlSeconds,
      refreshToken,
    }
  }
}
