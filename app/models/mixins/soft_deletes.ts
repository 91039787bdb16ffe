import type { DateTime } from 'luxon'
import { column, scope, type BaseModel } from '@adonisjs/lucid/orm'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'

/**
 * A soft-deleted table (`products`, `coupons`, `shipping_methods`): `deletedAt` marks a deleted
 * row, and `notDeleted` is the one scope for the rows that were not (docs/contributing/services.md).
 * Used as `compose(UuidModel, SoftDeletes)`.
 */
export function SoftDeletes<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class SoftDeletable extends superclass {
    /** Rows not deleted; qualified by the table, so it holds in a join too. */
    static notDeleted = scope((query) => {
      query.whereNull(`${query.model.table}.deleted_at`)
    })

    @column.dateTime()
    declare deletedAt: DateTime | null
  }
  return SoftDeletable
}
