import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { recordSecurityEvent } from '#services/system/security_events'
import type { Caller } from '#support/actor'

/** Second-factor tries (codes, recovery codes and passkeys together) per account. */
export const SECOND_FACTOR_ATTEMPTS = 5

/**
 * 5 tries per account in a 15-minute window, counted before the code or the signature is looked
 * at (an atomic consume in the limiter store: 20 parallel guesses evaluate at most 5), and given
 * back when one passes, so the rightful owner's later sign-ins start afresh.
 */
const attempts = () => limiter.use({ requests: SECOND_FACTOR_ATTEMPTS, duration: '15 minutes' })
const keyOf = (userId: string) => `console_2fa_${userId}`

/** Takes one try from `userId`'s allowance, or refuses with the limiter's 429 (recorded). */
export async function countSecondFactorAttempt(
  { clientAddress }: Caller,
  userId: string,
  method: string
): Promise<void> {
  try {
    await attempts().consume(keyOf(userId))
  } catch (error) {
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      recordSecurityEvent('two_factor.throttled', {
        actorId: null,
        targetId: userId,
        clientAddress,
        method,
      })
    }
    throw error
  }
}

/** A second factor passed: the account's tries start afresh. */
export async function forgetSecondFactorAttempts(userId: string): Promise<void> {
  await attempts().delete(keyOf(userId))
}

/** Records a second factor refused (never the code tried). */
export function recordSecondFactorFailure(
  { clientAddress }: Caller,
  userId: string,
  method: string
) {
  recordSecurityEvent('two_factor.failed', {
    actorId: null,
    targetId: userId,
    clientAddress,
    method,
  })
}
