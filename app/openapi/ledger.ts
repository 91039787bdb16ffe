import { pageOf, ref, type AreaPaths, type JsonSchema } from '#openapi/builders'
import { ADMIN_ROLES, bearer } from '#openapi/audience'
import { UserType } from '#enums/user_type'
import {
  adjustmentValidator,
  commissionValidator,
  sellerBalanceValidator,
  sellerLedgerValidator,
} from '#validators/ledger'
import { paginationValidator } from '#validators/pagination'
import { ShopNotFound } from '#exceptions/catalog_errors'
import {
  PayoutNotFound,
  PayoutNotPending,
  PayoutSettledByProvider,
} from '#exceptions/payout_errors'
import {
  payoutFailedValidator,
  payoutListValidator,
  payoutPaidValidator,
  sellerPayoutListValidator,
  stripeAccountValidator,
} from '#validators/payout'

const entry = ref('LedgerEntry')
const balance = ref('Balance')
const commission = ref('Commission')
const payout = ref('Payout')
const payoutRules =
  'docs/api/payouts.md. A payout is the whole available balance of its shop when it was made ' +
  '(at least PAYOUT_MINIMUM), with its PAYOUT entry in the same transaction; PENDING, then PAID ' +
  'or FAILED (a PAYOUT_REVERSAL entry gives the amount back).'
const seller = bearer('Seller money', [UserType.SELLER], 'problem')
const admin = bearer('Seller money administration', ADMIN_ROLES, 'problem')
const balanceRules =
  'docs/api/ledger.md, "Balance". `available + pending` is the sum of the entries, always. ' +
  '`pending` holds the earnings of orders not yet delivered, or delivered less than ' +
  'PAYOUT_HOLD_DAYS ago (an order whose cash its seller collected on delivery holds nothing ' +
  'back); refunds, payouts, adjustments and cash collected count at once, so `available` can be ' +
  'negative.'
const ledgerRules =
  'docs/api/ledger.md. Entries are never changed or deleted: a correction is a new entry. ' +
  'ORDER_EARNING (+ the seller’s earning, when the order is paid), CASH_COLLECTED (− the order’s ' +
  'total, when cash on delivery is recorded), REFUND (− the seller’s share of a refund that ' +
  'succeeded), PAYOUT (−), PAYOUT_REVERSAL (+ a failed payout), ADJUSTMENT (an admin’s, signed).'
const anotherShop = { 404: "Unknown shop, or another seller's." }

/** A seller's balance and ledger; a shop's commission, balance, ledger and adjustments. */
export const ledgerPaths: AreaPaths = {
  '/api/v1/seller/balance': {
    get: {
      ...seller,
      operationId: 'getSellerBalance',
      summary: 'The balance of the seller’s shops (or of one, `shopId`)',
      description: balanceRules,
      query: sellerBalanceValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The balance', schema: balance } },
      errors: [ShopNotFound],
      errorNotes: anotherShop,
    },
  },
  '/api/v1/seller/ledger': {
    get: {
      ...seller,
      operationId: 'listSellerLedger',
      summary: 'The ledger of the seller’s shops (or of one, `shopId`), newest first',
      description: ledgerRules,
      query: sellerLedgerValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of entries', schema: pageOf(entry) } },
      errors: [ShopNotFound],
      errorNotes: anotherShop,
    },
  },
  '/api/v1/admin/shops/{id}/commission': {
    get: {
      ...admin,
      operationId: 'getShopCommission',
      summary: 'A shop’s commission rate in force',
      pathParams: ['id'],
      responses: { 200: { description: 'The rate', schema: commission } },
      errors: [ShopNotFound],
    },
    put: {
      ...admin,
      operationId: 'setShopCommission',
      summary: 'Set a shop’s commission rate',
      description:
        '`rate` a percent from 0 to 100 with at most two decimals, or null to follow ' +
        'DEFAULT_COMMISSION_RATE. Orders keep the rate frozen on them at placement; only later ' +
        'placements use the new one. Audited (`shop.commission_changed`).',
      pathParams: ['id'],
      body: commissionValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The rate now in force', schema: commission } },
      errors: [ShopNotFound],
    },
  },
  '/api/v1/admin/shops/{id}/balance': {
    get: {
      ...admin,
      operationId: 'getShopBalance',
      summary: 'A shop’s balance',
      description: balanceRules,
      pathParams: ['id'],
      responses: { 200: { description: 'The balance', schema: balance } },
      errors: [ShopNotFound],
    },
  },
  '/api/v1/admin/shops/{id}/ledger': {
    get: {
      ...admin,
      operationId: 'listShopLedger',
      summary: 'A shop’s ledger, newest first',
      description: ledgerRules,
      pathParams: ['id'],
      query: paginationValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of entries', schema: pageOf(entry) } },
      errors: [ShopNotFound],
    },
  },
  '/api/v1/admin/shops/{id}/ledger/adjustments': {
    post: {
      ...admin,
      operationId: 'adjustShopBalance',
      summary: 'Correct a shop’s balance with a signed ADJUSTMENT entry',
      description:
        '`amount` signed (+ owed to the seller, − owed by the seller), not 0, at most two ' +
        'decimals, within ±1,000,000; `reason` 1 to 500 characters. Counts toward `available` ' +
        'at once. Audited (`shop.ledger_adjusted`).',
      pathParams: ['id'],
      body: adjustmentValidator.toJSONSchema() as JsonSchema,
      responses: { 201: { description: 'The entry', schema: entry } },
      errors: [ShopNotFound],
    },
  },
  '/api/v1/seller/payouts': {
    get: {
      ...seller,
      operationId: 'listSellerPayouts',
      summary: 'The payouts of the seller’s shops, newest first',
      description: payoutRules,
      query: sellerPayoutListValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of payouts', schema: pageOf(payout) } },
    },
  },
  '/api/v1/admin/payouts': {
    get: {
      ...admin,
      operationId: 'listPayouts',
      summary: 'Every payout, newest first, by status and shop',
      description: payoutRules,
      query: payoutListValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'A page of payouts', schema: pageOf(payout) } },
    },
  },
  '/api/v1/admin/payouts/run': {
    post: {
      ...admin,
      operationId: 'runPayouts',
      summary: 'Pay every shop whose available balance reaches PAYOUT_MINIMUM',
      description:
        payoutRules +
        ' Each shop is locked while its balance is read and its payout written, so two runs at ' +
        'once pay each shop once. A negative balance carries over. Shops with money that could ' +
        'not be paid are named in `skipped` (below the minimum; with PAYOUT_PROVIDER=stripe, no ' +
        'Stripe account). The same as `node ace payouts:run`.',
      responses: { 200: { description: 'What the run did', schema: ref('PayoutRun') } },
    },
  },
  '/api/v1/admin/payouts/{id}/paid': {
    post: {
      ...admin,
      operationId: 'markPayoutPaid',
      summary: 'Mark a pending manual payout paid, with the bank’s reference',
      description: payoutRules + ' Mails the seller; sends `payout.paid`. Audited.',
      pathParams: ['id'],
      body: payoutPaidValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The payout', schema: payout } },
      errors: [PayoutNotFound, PayoutNotPending, PayoutSettledByProvider],
    },
  },
  '/api/v1/admin/payouts/{id}/failed': {
    post: {
      ...admin,
      operationId: 'markPayoutFailed',
      summary: 'Mark a pending manual payout failed: its amount goes back to the balance',
      description: payoutRules + ' Writes the PAYOUT_REVERSAL entry; mails the seller. Audited.',
      pathParams: ['id'],
      body: payoutFailedValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The payout', schema: payout } },
      errors: [PayoutNotFound, PayoutNotPending, PayoutSettledByProvider],
    },
  },
  '/api/v1/admin/shops/{id}/stripe-account': {
    put: {
      ...admin,
      operationId: 'setShopStripeAccount',
      summary: 'Set or clear the Stripe Connect account a shop’s payouts are transferred to',
      description:
        '`stripeAccountId` `acct_` and letters or digits, or null. Audited ' +
        '(`shop.stripe_account_changed`).',
      pathParams: ['id'],
      body: stripeAccountValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'The account', schema: ref('StripeAccount') } },
      errors: [ShopNotFound],
    },
  },
}
