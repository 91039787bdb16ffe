import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'

/** A node of the administrators' category tree; `parentId` null for a root. */
export default class Category extends UuidModel {
  @column()
  declare parentId: string | null

  @column()
  declare name: string

  /** Lower-case ASCII letters, digits and single hyphens; unique across the tree. */
  @column()
  declare slug: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
