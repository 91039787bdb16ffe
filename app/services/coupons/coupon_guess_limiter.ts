import limiter from '@adonisjs/limiter/services/main'
import type { Actor } from '#support/actor'

/** Attempts with a code that matches no coupon: 30 a minute per user and per client address. */
export const COUPON_GUESSES_PER_MINUTE = 30

const guesses = () => limiter.use({ requests: COUPON_GUESSES_PER_MINUTE, duration: '1 minute' })

/**
 * The limit on guessing coupon codes, shared by every place a code can be tried (the lookup, the
 * checkout summary and place-order), so codes cannot be enumerated through any of them. Each
 * attempt is counted before anything of the coupon is used or answered (checkout reads the
 * coupon with the cart, in the same statement, and uses it only once counted), so parallel
 * requests can never get more answers than the limit allows; it is given back once the code
 * turns out to name a coupon that exists, so customers using real codes are never slowed down.
 */
export class CouponGuessLimiter {
  /**
   * Counts one attempt for the actor's account and for its client address; 429 when either has
   * none left.
   */
  async consume(actor: Actor): Promise<void> {
    await guesses().consume(userKey(actor))
    await guesses().consume(addressKey(actor))
  }

  /** Gives back an attempt whose code named an existing coupon. */
  async refund(actor: Actor): Promise<void> {
    await guesses().decrement(userKey(actor))
    await guesses().decrement(addressKey(actor))
  }
}

const userKey = (actor: Actor) => `coupon_guess_user_${actor.user.id}`
const addressKey = (actor: Actor) => `coupon_guess_ip_${actor.clientAddress}`
