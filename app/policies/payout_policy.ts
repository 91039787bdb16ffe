import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator, isSeller } from '#policies/roles'

/**
 * Payouts (docs/api/payouts.md): a seller reads the payouts of their own shops (scoped in SQL
 * by `PayoutService`); an administrator reads every payout, runs payouts, marks them paid or
 * failed and sets shops' Stripe accounts.
 */
export default class PayoutPolicy extends BasePolicy {
  /** The payouts of the seller's own shops. */
  viewOwn(user: User) {
    return isSeller(user)
  }

  /** Every payout, and the CSV of pending ones. */
  viewAny(user: User) {
    return isAdministrator(user)
  }

  /** A payout run, and marking a payout paid or failed. */
  manage(user: User) {
    return isAdministrator(user)
  }

  /** A shop's Stripe Connect account. */
  setStripeAccount(user: User) {
    return isAdministrator(user)
  }
}
