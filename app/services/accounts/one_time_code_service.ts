import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import tokensConfig from '#config/tokens'
import OneTimeCode from '#models/one_time_code'
import type User from '#models/user'
import type { CodePurpose } from '#enums/code_purpose'
import { TooManyCodeRequests } from '#exceptions/account_errors'
import { sqlTime } from '#support/sql_time'

export const MAX_CODE_ATTEMPTS = 5

const hmacKey = createHmac('sha256', env.get('APP_KEY').release()).update('one-time-codes').digest()

/** The keyed hash of a code, bound to its account and purpose. */
function codeHash(userId: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', hmacKey).update(`${purpose}:${userId}:${code}`).digest('hex')
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Resends are limited per account and purpose: one a minute and five an hour. Each window has its
 * own key: a shared store (Redis) keeps one counter per key, so sharing one would count twice.
 */
const windows = () => [
  { limiter: limiter.use({ requests: 1, duration: '1 minute' }), prefix: 'otp_minute' },
  { limiter: limiter.use({ requests: 5, duration: '1 hour' }), prefix: 'otp_hour' },
]
const windowKey = (prefix: string, user: User, purpose: CodePurpose) =>
  `${prefix}_${purpose}_${user.id}`

/** A code just issued, in clear, and the instant it stops working. */
export interface IssuedCode {
  code: string
  expiresAt: DateTime
}

/**
 * One-time codes: 6 digits from a CSPRNG, stored as an HMAC, valid OTP_TTL_MINUTES, single use,
 * at most five wrong tries each (counted with a conditional update, so parallel guesses cannot
 * exceed it). Issuing a code retires every earlier live code of the same account and purpose.
 */
export class OneTimeCodeService {
  /**
   * Creates a code within `trx` and returns it in clear with its expiry, for the mail. The resend
   * allowance is taken first (an atomic consume in the limiter store, so parallel requests cannot
   * all pass a check before any of them counts); when one window refuses, what was taken from the
   * others is given back and the request is refused with 429.
   */
  async issue(
    user: User,
    purpose: CodePurpose,
    trx: TransactionClientContract
  ): Promise<IssuedCode> {
    const taken: Array<{ window: ReturnType<typeof windows>[number]; key: string }> = []
    for (const window of windows()) {
      const key = windowKey(window.prefix, user, purpose)
      try {
        await window.limiter.consume(key)
        taken.push({ window, key })
      } catch (error) {
        if (!(error instanceof limiterErrors.E_TOO_MANY_REQUESTS)) throw error
        for (const earlier of taken) await earlier.window.limiter.decrement(earlier.key)
        throw await this.#tooMany(user, purpose)
      }
    }

    const now = DateTime.now()
    await trx
      .from('one_time_codes')
      .where('user_id', user.id)
      .where('purpose', purpose)
      .whereNull('consumed_at')
      .update({ consumed_at: sqlTime(now) })

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const expiresAt = now.plus({ minutes: tokensConfig.otpTtlMinutes })
    await OneTimeCode.create(
      {
        userId: user.id,
        purpose,
        codeHash: codeHash(user.id, purpose, code),
        attempts: 0,
        expiresAt,
      },
      { client: trx }
    )
    return { code, expiresAt }
  }

  /**
   * Consumes `code` when it is the live code of one of `accounts` and returns that account.
   * Otherwise the wrong try counts against every live code of those accounts (the guess was
   * tested against each) and the result is null. Callers return (not throw) from their
   * transaction on null, so the wrong try is committed before they refuse.
   */
  async consume(
    accounts: User[],
    purpose: CodePurpose,
    code: string,
    trx: TransactionClientContract
  ): Promise<User | null> {
    if (accounts.length === 0) return null
    const live = await OneTimeCode.query({ client: trx })
      .whereIn(
        'user_id',
        accounts.map((account) => account.id)
      )
      .where('purpose', purpose)
      .whereNull('consumed_at')
      .where('expires_at', '>', sqlTime())
      .where('attempts', '<', MAX_CODE_ATTEMPTS)
    if (live.length === 0) return null

    const match = /^\d{6}$/.test(code)
      ? live.find((row) => sameHash(row.codeHash, codeHash(row.userId, purpose, code)))
      : undefined

    if (!match) {
      await trx
        .from('one_time_codes')
        .whereIn(
          'id',
          live.map((row) => row.id)
        )
        .where('attempts', '<', MAX_CODE_ATTEMPTS)
        .update({ attempts: db.raw('attempts + 1') })
      return null
    }

    // Conditional: a parallel request may have used the code, or spent its last try, meanwhile.
    const consumed = await trx
      .from('one_time_codes')
      .where('id', match.id)
      .whereNull('consumed_at')
      .where('attempts', '<', MAX_CODE_ATTEMPTS)
      .update({ consumed_at: sqlTime() })
    if (Number(consumed) !== 1) return null
    return accounts.find((account) => account.id === match.userId) ?? null
  }

  /** The refusal, with `Retry-After` set to when every exhausted window has room again. */
  async #tooMany(user: User, purpose: CodePurpose) {
    let retryAfter = 1
    for (const { limiter: window, prefix } of windows()) {
      retryAfter = Math.max(retryAfter, await window.availableIn(windowKey(prefix, user, purpose)))
    }
    return new TooManyCodeRequests(undefined, { headers: { 'Retry-After': String(retryAfter) } })
  }
}
