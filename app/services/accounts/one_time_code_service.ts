import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import limiter from '@adonisjs/limiter/services/main'
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

/** Resends are limited per account and purpose: one a minute and five an hour. */
const perMinute = () => limiter.use({ requests: 1, duration: '1 minute' })
const perHour = () => limiter.use({ requests: 5, duration: '1 hour' })

/**
 * One-time codes: 6 digits from a CSPRNG, stored as an HMAC, valid OTP_TTL_MINUTES, single use,
 * at most five wrong tries each (counted with a conditional update, so parallel guesses cannot
 * exceed it). Issuing a code retires every earlier live code of the same account and purpose.
 */
export class OneTimeCodeService {
  /** True when another code for this account and purpose may be sent now. */
  async mayIssue(user: User, purpose: CodePurpose): Promise<boolean> {
    const key = `otp_${purpose}_${user.id}`
    return (await perMinute().remaining(key)) > 0 && (await perHour().remaining(key)) > 0
  }

  /** Creates a code within `trx` and returns it in clear, for the mail; throttled per account. */
  async issue(user: User, purpose: CodePurpose, trx: TransactionClientContract): Promise<string> {
    const key = `otp_${purpose}_${user.id}`
    if (!(await this.mayIssue(user, purpose))) {
      const retryAfter = Math.max(await perMinute().availableIn(key), 1)
      throw new TooManyCodeRequests(undefined, { headers: { 'Retry-After': String(retryAfter) } })
    }
    await perMinute().consume(key)
    await perHour().consume(key)

    const now = DateTime.now()
    await trx
      .from('one_time_codes')
      .where('user_id', user.id)
      .where('purpose', purpose)
      .whereNull('consumed_at')
      .update({ consumed_at: sqlTime(now) })

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    await OneTimeCode.create(
      {
        userId: user.id,
        purpose,
        codeHash: codeHash(user.id, purpose, code),
        attempts: 0,
        expiresAt: now.plus({ minutes: tokensConfig.otpTtlMinutes }),
      },
      { client: trx }
    )
    return code
  }

  /**
   * Consumes the code when it is right and live; otherwise counts a wrong try against the
   * account's live code. Callers return (not throw) from their transaction on `false`, so the
   * wrong try is committed before they refuse.
   */
  async consume(user: User, purpose: CodePurpose, code: string, trx: TransactionClientContract) {
    const live = await OneTimeCode.query({ client: trx })
      .where('user_id', user.id)
      .where('purpose', purpose)
      .whereNull('consumed_at')
      .where('expires_at', '>', sqlTime())
      .where('attempts', '<', MAX_CODE_ATTEMPTS)
      .orderBy('created_at', 'desc')
      .first()
    if (!live) return false

    if (!/^\d{6}$/.test(code) || !sameHash(live.codeHash, codeHash(user.id, purpose, code))) {
      await trx
        .from('one_time_codes')
        .where('id', live.id)
        .where('attempts', '<', MAX_CODE_ATTEMPTS)
        .update({ attempts: db.raw('attempts + 1') })
      return false
    }

    const consumed = await trx
      .from('one_time_codes')
      .where('id', live.id)
      .whereNull('consumed_at')
      .where('attempts', '<', MAX_CODE_ATTEMPTS)
      .update({ consumed_at: sqlTime() })
    return Number(consumed) === 1
  }
}
