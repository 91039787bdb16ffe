import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { PAYMENT_METHODS } from '#enums/order_status'
import { uuidField } from '#validators/uuid'

/** An idempotency key: 8 to 128 of A-Z a-z 0-9 _ -. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/

const checkoutFields = {
  shippingAddressId: uuidField(),
  shippingMethodId: uuidField(),
  // Looked up case-insensitively; a code that matches no coupon is a 422, not a 400.
  couponCode: vine.string().trim().maxLength(64).nullable().optional(),
}

/**
 * The key must come in the body or in the `Idempotency-Key` header (given to the validator as
 * metadata); when both are given they must agree.
 */
const keyFromBodyOrHeader = vine.createRule(
  (value, _options, field) => {
    const header = (field.meta as { idempotencyKeyHeader?: string }).idempotencyKeyHeader
    if (value === undefined || value === null) {
      if (header === undefined) {
        field.report(
          'The idempotencyKey field (or the Idempotency-Key header) is required',
          'required',
          field
        )
      } else if (!IDEMPOTENCY_KEY_PATTERN.test(header)) {
        field.report(
          'The Idempotency-Key header must be 8 to 128 of A-Z a-z 0-9 _ -',
          'headerFormat',
          field
        )
      } else {
        field.mutate(header, field)
      }
      return
    }
    if (header !== undefined && header !== value) {
      field.report(
        'The idempotencyKey field and the Idempotency-Key header differ',
        'keyMismatch',
        field
      )
    }
  },
  { implicit: true }
)

const messages = new SimpleMessagesProvider({
  'idempotencyKey.regex': 'The idempotencyKey field must be 8 to 128 of A-Z a-z 0-9 _ -',
  'paymentMethod.enum': `The paymentMethod field must be one of ${PAYMENT_METHODS.join(', ')}`,
})

/** `POST /api/v1/checkout/summary`. */
export const checkoutSummaryValidator = vine.create(vine.object(checkoutFields))

/** `POST /api/v1/checkout/place-order`; metadata `idempotencyKeyHeader` carries the header. */
export const placeOrderValidator = vine.withMetaData<{ idempotencyKeyHeader?: string }>().create(
  vine.object({
    ...checkoutFields,
    paymentMethod: vine.enum(PAYMENT_METHODS),
    notes: vine
      .string()
      .trim()
      .maxLength(1000)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
    idempotencyKey: vine
      .string()
      .regex(IDEMPOTENCY_KEY_PATTERN)
      .optional()
      .use(keyFromBodyOrHeader()),
  })
)
placeOrderValidator.messagesProvider = messages
