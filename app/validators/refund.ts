import vine from '@vinejs/vine'
import { moneyAmount } from '#validators/money'
import { formNumber, formText, fromForm, type FormFields } from '#validators/form'

/** The console's refund form sends text: its fields as the API's JSON types. */
function refundForm(fields: FormFields): FormFields {
  return { amount: formNumber(fields.amount, null), reason: formText(fields.reason, null) }
}

/**
 * `POST /api/v1/{admin,seller}/orders/{id}/refunds`: an amount from 0.01 with at most two
 * decimals (integer cents below the edge) and why; also the console's refund form and its
 * confirmation (`meta: { form: true }`).
 */
export const refundValidator = vine.create(
  vine
    .object({
      amount: moneyAmount({ min: 0.01 }),
      reason: vine.string().trim().minLength(1).maxLength(500),
    })
    .parse(fromForm(refundForm))
)
