import type Payout from '#models/payout'
import type Shop from '#models/shop'
import type { PayoutRun } from '#services/ledger/payout_service'
import { centsToAmount } from '#support/money'
import { PAYOUT_PROVIDERS, PAYOUT_SKIP_REASONS, PAYOUT_STATUSES } from '#enums/ledger'
import { nullableString, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import {
  amountField,
  field,
  instantField,
  nullableInstantField,
  shapeOf,
} from '#transformers/shape'

/** A payout of a shop's balance (docs/api/payouts.md). */
export default class PayoutTransformer extends ApiTransformer<Payout> {
  static readonly shape = shapeOf<Payout>()({
    id: field(uuid, 'id'),
    shopId: field(uuid, 'shopId'),
    amount: amountField('amountCents', 'The available balance when the payout was made'),
    currency: field({ type: 'string', examples: ['USD'] }, 'currency'),
    status: field({ type: 'string', enum: [...PAYOUT_STATUSES] }, 'status'),
    provider: field({ type: 'string', enum: [...PAYOUT_PROVIDERS] }, 'provider'),
    reference: field(
      { ...nullableString, description: "The bank's reference, or the Stripe transfer's id" },
      'reference'
    ),
    failureReason: field({ ...nullableString, description: 'Why it failed' }, 'failureReason'),
    createdAt: instantField('createdAt'),
    paidAt: nullableInstantField('paidAt'),
  })

  toObject() {
    return PayoutTransformer.shape.write(this.resource)
  }
}

/** What a payout run did: the payouts made, and the shops with money it could not pay. */
export class PayoutRunTransformer extends ApiTransformer<PayoutRun> {
  static readonly shape = shapeOf<PayoutRun>()({
    payouts: field({ type: 'array', items: PayoutTransformer.shape.schema }, (run) =>
      run.payouts.map((payout) => PayoutTransformer.shape.write(payout))
    ),
    skipped: field(
      {
        type: 'array',
        items: {
          type: 'object',
          required: ['shopId', 'shopName', 'available', 'reason'],
          additionalProperties: false,
          properties: {
            shopId: uuid,
            shopName: { type: 'string' },
            available: { type: 'number', description: 'The balance it could not pay' },
            reason: { type: 'string', enum: [...PAYOUT_SKIP_REASONS] },
          },
        },
      },
      (run) => run.skipped.map((shop) => ({ ...shop, available: centsToAmount(shop.available) }))
    ),
  })

  toObject() {
    return PayoutRunTransformer.shape.write(this.resource)
  }
}

/** A shop's Stripe Connect account, which its `stripe` payouts are transferred to. */
export class StripeAccountTransformer extends ApiTransformer<Shop> {
  static readonly shape = shapeOf<Shop>()({
    shopId: field(uuid, 'id'),
    stripeAccountId: field(
      { ...nullableString, description: 'acct_…, or null when none is set' },
      'stripeAccountId'
    ),
  })

  toObject() {
    return StripeAccountTransformer.shape.write(this.resource)
  }
}
