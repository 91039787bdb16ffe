import type { DateTime } from 'luxon'
import { column, scope } from '@adonisjs/lucid/orm'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { compose } from '@adonisjs/core/helpers'
import { UuidModel } from '#models/uuid_model'
import { SoftDeletes } from '#models/mixins/soft_deletes'
import { booleanColumn } from '#models/column_types'

type ShippingMethodQuery = ModelQueryBuilderContract<typeof ShippingMethod>

/** A delivery option; its price is charged once per shop order. `deletedAt` marks a deleted one. */
export default class ShippingMethod extends compose(UuidModel, SoftDeletes) {
  /** Methods a customer may choose: not deleted and active. */
  static offered = scope((query: ShippingMethodQuery) => {
    query.withScopes((scopes) => scopes.notDeleted()).where('shipping_methods.is_active', true)
  })

  @column()
  declare name: string

  @column()
  declare description: string | null

  @column()
  declare priceCents: number

  @column()
  declare estimatedDays: number

  @column(booleanColumn)
  declare isActive: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
