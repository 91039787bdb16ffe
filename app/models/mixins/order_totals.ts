import { column, type BaseModel } from '@adonisjs/lucid/orm'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { centsColumn } from '#models/column_types'

/**
 * The totals a customer was shown, in integer cents of `currency`: a whole placement's
 * (`Checkout`) or one shop's part of it (`Order`). Used as `compose(UuidModel, OrderTotals)`.
 */
export function OrderTotals<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class WithOrderTotals extends superclass {
    @column()
    declare currency: string

    @column(centsColumn)
    declare subTotalCents: number

    @column(centsColumn)
    declare shippingCostCents: number

    @column(centsColumn)
    declare taxAmountCents: number

    @column(centsColumn)
    declare discountAmountCents: number

    @column(centsColumn)
    declare totalCents: number
  }
  return WithOrderTotals
}
