import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'

/** One stored image of a product; `position` 1 is the first shown. */
export default class ProductImage extends UuidModel {
  @column()
  declare productId: string

  /** The file's key on the disk (`products/<productId>/<imageId>.<ext>`), made by the service. */
  @column()
  declare storageKey: string

  /** As the file's bytes say: image/jpeg, image/png or image/webp. */
  @column()
  declare contentType: string

  @column()
  declare sizeBytes: number

  @column()
  declare position: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
