import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { MAX_AMOUNT } from '#validators/money'
import { paginationFields } from '#validators/pagination'
import { amountToCents } from '#support/money'
import { COMMISSION_RATE } from '#support/percent'
import { formNumber, formText, fromForm, type FormFields } from '#validators/form'

/** The console's commission form: a blank rate means the default. */
function commissionForm(fields: FormFields): FormFields {
  return { rate: formNumber(fields.rate, null) }
}

/** The console's adjustment form. */
function adjustmentForm(fields: FormFields): FormFields {
  return { amount: formNumber(fields.amount, null), reason: formText(fields.reason, null) }
}

/**
 * `PUT /api/v1/admin/shops/{id}/commission`: a percent from 0 to 100 with at most two decimals
 * (hundredths of a percent below the edge), or null for the default; also the console's form.
 */
export const commissionValidator = vine.create(
  vine
    .object({
      rate: vine
        .number({ strict: true })
        .range([0, 100])
        .decimal([0, 2])
        .nullable()
        .transform((rate) =>
          rate === null ? null : Math.round(rate * COMMISSION_RATE.perPercent)
        ),
    })
    .parse(fromForm(commissionForm))
)
commissionValidator.messagesProvider = new SimpleMessagesProvider({
  'rate.range': 'The rate field must be a percent from 0 to 100',
  'rate.decimal': 'The rate field must have at most 2 decimal places',
})

/** A signed, non-zero amount: what an adjustment adds (+) or takes (−). */
const nonZero = vine.createRule((value, _options, field) => {
  if (value === 0) field.report('The {{ field }} field must not be 0', 'nonZero', field)
})

/**
 * `POST /api/v1/admin/shops/{id}/ledger/adjustments`: a signed amount (not 0, at most two
 * decimals, within ±1,000,000) and its reason; also the console's adjustment form.
 */
export const adjustmentValidator = vine.create(
  vine
    .object({
      amount: vine
        .number({ strict: true })
        .range([-MAX_AMOUNT, MAX_AMOUNT])
        .decimal([0, 2])
        .use(nonZero())
        .transform((amount) => amountToCents(amount)),
      reason: vine.string().trim().minLength(1).maxLength(500),
    })
    .parse(fromForm(adjustmentForm))
)
adjustmentValidator.messagesProvider = new SimpleMessagesProvider({
  'amount.decimal': 'The amount field must have at most 2 decimal places',
})

/** `GET /api/v1/seller/balance`: one of the seller's shops, or all of them. */
export const sellerBalanceValidator = vine.create(
  vine.object({ shopId: vine.string().uuid().optional() })
)

/** `GET /api/v1/seller/ledger`: one of the seller's shops, or all of them; a page. */
export const sellerLedgerValidator = vine.create(
  vine.object({ shopId: vine.string().uuid().optional(), ...paginationFields })
)
