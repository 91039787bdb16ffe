import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { RETURN_STATUSES } from '#enums/return_status'
import { paginationFields } from '#validators/pagination'
import { uuidField } from '#validators/uuid'
import { filterForm, formCheckbox, formText, fromForm, type FormFields } from '#validators/form'

/** The messages of the return validators. */
export const returnMessages = new SimpleMessagesProvider({
  'status.enum': `The status field must be one of ${RETURN_STATUSES.join(', ')}`,
})

/**
 * Each order line named once: by its variant, or by its product when no variant is given (the
 * service then refuses a product with several lines in the order).
 */
const distinctLines = vine.createRule((value, _, field) => {
  if (!Array.isArray(value)) return
  const keys = value.map((item: { productId?: string; variantId?: string }) =>
    item.variantId ? `variant:${item.variantId}` : `product:${item.productId}`
  )
  if (new Set(keys).size !== keys.length) {
    field.report('Each order line may be named once', 'distinct', field)
  }
})

/**
 * `POST /api/v1/orders/{id}/returns`: the units to send back, by order line (named by `variantId`,
 * or by `productId` when the order has one line of that product; each line once, 1 to 999 units),
 * and why.
 */
export const createReturnValidator = vine.create(
  vine.object({
    items: vine
      .array(
        vine.object({
          productId: uuidField().optional().requiredIfMissing('variantId'),
          variantId: uuidField().optional(),
          quantity: vine.number().withoutDecimals().range([1, 999]),
        })
      )
      .minLength(1)
      .maxLength(100)
      .use(distinctLines()),
    reason: vine.string().trim().minLength(1).maxLength(500),
  })
)
createReturnValidator.messagesProvider = returnMessages

/** The filters of the return lists: by status and (seller, admin) by shop. */
export const returnFilterFields = () => ({
  status: vine.enum(RETURN_STATUSES).optional(),
  shopId: uuidField().optional(),
})

/** `GET /api/v1/seller/returns` and `GET /api/v1/admin/returns`. */
export const returnListValidator = vine.create(
  vine.object({ ...returnFilterFields(), ...paginationFields })
)
returnListValidator.messagesProvider = returnMessages

/** The console's returns page (its filter form, sent with GET). */
export const consoleReturnListValidator = vine.create(
  vine
    .object({
      ...returnFilterFields(),
      page: vine.number().withoutDecimals().range([1, 10_000]).optional(),
    })
    .parse(filterForm())
)
consoleReturnListValidator.messagesProvider = returnMessages

/** The console's reject form sends text: a blank note is no note. */
function rejectForm(fields: FormFields): FormFields {
  return { note: formText(fields.note, undefined) }
}

/** `POST …/returns/{id}/reject`: an optional note to the customer; also the console's form. */
export const rejectReturnValidator = vine.create(
  vine.object({ note: vine.string().trim().maxLength(500).optional() }).parse(fromForm(rejectForm))
)

/** The console's receive form: a checkbox. */
function receiveForm(fields: FormFields): FormFields {
  return { restock: formCheckbox(fields.restock) }
}

/** `POST …/returns/{id}/receive {restock}`: whether the units go back in stock. */
export const receiveReturnValidator = vine.create(
  vine.object({ restock: vine.boolean({ strict: true }) }).parse(fromForm(receiveForm))
)
