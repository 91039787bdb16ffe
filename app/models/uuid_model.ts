import { randomUUID } from 'node:crypto'
import { BaseModel, beforeCreate, column } from '@adonisjs/lucid/orm'

/** Base of every model: a UUID primary key assigned by the application. */
export class UuidModel extends BaseModel {
  static selfAssignPrimaryKey = true

  @column({ isPrimary: true })
  declare id: string

  @beforeCreate()
  static assignId(model: UuidModel) {
    model.id ??= randomUUID()
  }
}
