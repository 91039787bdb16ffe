import type { DateTime } from 'luxon'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { centsToAmount } from '#support/money'
import { instantText } from '#transformers/shape'

/**
 * What every API transformer shares. Its body is a shape (app/transformers/shape.ts), whose field
 * helpers hold the one instant format and the one money conversion; these two methods give the
 * same to a transformer that writes a value by hand.
 */
export default abstract class ApiTransformer<T> extends BaseTransformer<T> {
  /** An instant as every response writes it: ISO 8601 in UTC with milliseconds and `Z`. */
  protected instant(value: DateTime): string {
    return instantText(value)
  }

  /** Integer cents as the decimal amount of the JSON body (1025 → 10.25). */
  protected amount(cents: number): number {
    return centsToAmount(cents)
  }
}
