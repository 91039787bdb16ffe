import { LEDGER_ENTRY_TYPES } from '#enums/ledger'
import { nullable, nullableString, uuid, type JsonSchema } from '#openapi/json_schema'
import { centsToAmount } from '#support/money'
import { COMMISSION_RATE } from '#support/percent'
import ApiTransformer from '#transformers/api_transformer'
import { field, instantField, nullableInstantField, shapeOf } from '#transformers/shape'
import type {
  BalanceView,
  LedgerEntryView,
  ShopCommission,
} from '#services/ledger/ledger_account_service'

/** A signed decimal amount of money (at most two places). */
const signedAmount = (description: string): JsonSchema => ({ type: 'number', description })

/**
 * One entry of a shop's ledger (docs/api/ledger.md): `amount` signed, what it adds to or takes
 * from the balance; the id of its cause; when it counts toward `available` (null while its order
 * is not delivered).
 */
export default class LedgerEntryTransformer extends ApiTransformer<LedgerEntryView> {
  static readonly shape = shapeOf<LedgerEntryView>()({
    id: field(uuid, (view) => view.entry.id),
    shopId: field(uuid, (view) => view.entry.shopId),
    type: field({ type: 'string', enum: [...LEDGER_ENTRY_TYPES] }, (view) => view.entry.type),
    amount: field(signedAmount('Signed: + adds to the balance, − takes from it'), (view) =>
      centsToAmount(view.entry.amountCents)
    ),
    orderId: field(nullable(uuid), (view) => view.entry.orderId),
    refundId: field(nullable(uuid), (view) => view.entry.refundId),
    payoutId: field(nullable(uuid), (view) => view.entry.payoutId),
    reason: field(
      { ...nullableString, description: "An adjustment's reason, a failed payout's" },
      (view) => view.entry.reason
    ),
    availableAt: nullableInstantField((view) => view.availableAt),
    createdAt: instantField((view) => view.entry.createdAt),
  })

  toObject() {
    return LedgerEntryTransformer.shape.write(this.resource)
  }
}

/** A balance: `available + pending` is the sum of the entries. */
export class BalanceTransformer extends ApiTransformer<BalanceView> {
  static readonly shape = shapeOf<BalanceView>()({
    available: field(
      signedAmount('What a payout would pay now; negative when the seller owes the marketplace'),
      (balance) => centsToAmount(balance.available)
    ),
    pending: field(
      signedAmount('Earnings of orders not yet delivered, or delivered less than the hold ago'),
      (balance) => centsToAmount(balance.pending)
    ),
    currency: field({ type: 'string', examples: ['USD'] }, 'currency'),
  })

  toObject() {
    return BalanceTransformer.shape.write(this.resource)
  }
}

/** A shop's commission rate in force, in percent. */
export class CommissionTransformer extends ApiTransformer<ShopCommission> {
  static readonly shape = shapeOf<ShopCommission>()({
    shopId: field(uuid, 'shopId'),
    rate: field(
      { type: 'number', minimum: 0, maximum: 100, description: 'Percent, two decimals' },
      (commission) => commission.commissionRate / COMMISSION_RATE.perPercent
    ),
    isDefault: field(
      { type: 'boolean', description: 'true: the shop follows DEFAULT_COMMISSION_RATE' },
      'isDefault'
    ),
  })

  toObject() {
    return CommissionTransformer.shape.write(this.resource)
  }
}
