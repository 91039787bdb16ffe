import vine from '@vinejs/vine'
import { moneyAmount } from '#validators/money'

/**
 * `POST /api/v1/{admin,seller}/orders/{id}/refunds`: an amount from 0.01 with at most two
 * decimals (integer cents below the edge) and why.
 */
export const refundValidator = vine.create(
  vine.object({
    amount: moneyAmount({ min: 0.01 }),
    reason: vine.string().trim().minLength(1).maxLength(500),
  })
)
