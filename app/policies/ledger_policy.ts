import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { isAdministrator, isSeller } from '#policies/roles'

/**
 * The sellers' money (docs/api/ledger.md): a seller reads the balance and ledger of their own
 * shops (scoped in SQL by `LedgerAccountService`, where another's shop is a 404); an
 * administrator reads every shop's, sets commission rates and adjusts balances.
 */
export default class LedgerPolicy extends BasePolicy {
  /** The balance and ledger of the seller's own shops. */
  viewOwn(user: User) {
    return isSeller(user)
  }

  /** Any shop's balance, ledger and commission rate. */
  viewAny(user: User) {
    return isAdministrator(user)
  }

  /** Setting a shop's commission rate. */
  setCommission(user: User) {
    return isAdministrator(user)
  }

  /** A signed correction of a shop's balance. */
  adjust(user: User) {
    return isAdministrator(user)
  }
}
