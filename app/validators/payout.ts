import vine from '@vinejs/vine'
import { PAYOUT_STATUSES } from '#enums/ledger'
import { paginationFields } from '#validators/pagination'
import { filterForm, formText, fromForm, type FormFields } from '#validators/form'

/** `GET /api/v1/admin/payouts`: a page, by status and shop. */
export const payoutListValidator = vine.create(
  vine.object({
    status: vine.enum(PAYOUT_STATUSES).optional(),
    shopId: vine.string().uuid().optional(),
    ...paginationFields,
  })
)

/** `GET /api/v1/seller/payouts`: a page. */
export const sellerPayoutListValidator = vine.create(vine.object({ ...paginationFields }))

/** `POST /api/v1/admin/payouts/{id}/paid`: the bank's reference; also the console's form. */
export const payoutPaidValidator = vine.create(
  vine
    .object({ reference: vine.string().trim().minLength(1).maxLength(255) })
    .parse(fromForm((fields: FormFields) => ({ reference: formText(fields.reference, null) })))
)

/** `POST /api/v1/admin/payouts/{id}/failed`: why it failed; also the console's form. */
export const payoutFailedValidator = vine.create(
  vine
    .object({ reason: vine.string().trim().minLength(1).maxLength(500) })
    .parse(fromForm((fields: FormFields) => ({ reason: formText(fields.reason, null) })))
)

/** `PUT /api/v1/admin/shops/{id}/stripe-account`: a Connect account id, or null to clear it. */
export const stripeAccountValidator = vine.create(
  vine
    .object({
      stripeAccountId: vine
        .string()
        .trim()
        .regex(/^acct_[A-Za-z0-9]{1,64}$/)
        .nullable(),
    })
    .parse(
      fromForm((fields: FormFields) => ({
        stripeAccountId: formText(fields.stripeAccountId, null),
      }))
    )
)

/** The console's payouts list: a page, by status and shop (blank filters are no filter). */
export const consolePayoutListValidator = vine.create(
  vine
    .object({
      status: vine.enum(PAYOUT_STATUSES).optional(),
      shopId: vine.string().uuid().optional(),
      page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
    })
    .parse(filterForm())
)
