import limiter from '@adonisjs/limiter/services/main'

/** Who is trying a coupon code: the signed-in user and the client address of the request. */
export interface CouponGuesser {
  userId: string
  clientAddress: string
}

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
  /** Counts one attempt for the user and for the address; 429 when either has none left. */
  async consume(guesser: CouponGuesser): Promise<void> {
    await guesses().consume(userKey(guesser))
    await guesses().consume(addressKey(guesser))
  }

  /** Gives back an attempt whose code named an existing coupon. */
  async refund(guesser: CouponGuesser): Promise<void> {
    await guesses().decrement(userKey(guesser))
    await guesses().decrement(addressKey(guesser))
  }
}

const userKey = (guesser: CouponGuesser) => `coupon_guess_user_${guesser.userId}`
const addressKey = (guesser: CouponGuesser) => `coupon_guess_ip_${guesser.clientAddress}`
